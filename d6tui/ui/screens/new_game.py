"""The new-game form: players and title, checked by the game's rules before anything is saved."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from d6tui.engine.errors import D6Error
from d6tui.engine.registry import GameInfo
from d6tui.ui.screens.modals import CANCEL, _Modal


@dataclass(frozen=True)
class NewGameRequest:
    """What the form returns.

    Attributes:
        game: the game's slug.
        options: setup choices already accepted by the rules' ``check_options``.
        title: the title typed, or None for the rules' default.
    """

    game: str
    options: dict
    title: str | None


#: Games that ask for their own setup instead of players: slug -> ``"module:Widget"``, a widget
#: whose ``options()`` returns the options for the rules' ``check_options``.
SETUP_WIDGETS: dict[str, str] = {"simple_six": "d6tui.ui.simple_six.setup:CampaignSetup",
                                 "tales": "d6tui.ui.tales.setup:HeroSetup"}


def read_players(text: str) -> list[str]:
    """Split typed names ("Ann, Bob , Cid") into a list, dropping empty pieces."""
    return [n.strip() for n in text.replace(";", ",").split(",") if n.strip()]


class NewGameForm(_Modal[NewGameRequest]):
    """Ask for the players and a title for a new game of ``game``.

    The rules check the options (player count, names); their message is shown under the
    form and nothing typed is lost.
    """

    BINDINGS = [CANCEL, Binding("ctrl+s", "submit", "Start", id="new_game.start")]

    def __init__(self, game: GameInfo) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box", id="new-game"):
            yield Static(f"New game of {self.game.name}", classes="modal-title")
            if self.game.slug in SETUP_WIDGETS:
                import importlib

                module, _, name = SETUP_WIDGETS[self.game.slug].partition(":")
                yield getattr(importlib.import_module(module), name)(id="setup")
            else:
                yield Static("Players, in turn order, separated by commas:",
                             classes="modal-hint")
                yield Input(placeholder="Ann, Bob, Cid", id="players")
            yield Static("Title (leave empty for one made from the players):",
                         classes="modal-hint")
            yield Input(placeholder="Saturday night", id="title")
            yield Static("Dice seed (optional, for a repeatable game):", classes="modal-hint")
            yield Input(placeholder="", id="seed", type="integer")
            yield Label("", classes="modal-error", id="error")
            with Horizontal(classes="modal-buttons"):
                yield Button("Start (ctrl+s)", id="start", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def on_mount(self) -> None:
        first = self.query("#players") or self.query("#title")
        first.first().focus()

    def check(self) -> NewGameRequest:
        """The request for what is typed.

        Raises:
            D6Error: the rules refuse the options (the message says why).
            ValueError: the seed is not a whole number.
        """
        from d6tui.engine.registry import load_rules

        options: dict = {}
        setup = self.query("#setup")
        if setup:
            options = setup.first().options()  # type: ignore[attr-defined]
        else:
            players = read_players(self.query_one("#players", Input).value)
            if players:
                options["players"] = players
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text:
            try:
                options["seed"] = int(seed_text)
            except ValueError:
                raise ValueError("the seed must be a whole number") from None
        rules = load_rules(self.game.slug)
        options = rules.check_options(options)
        title = self.query_one("#title", Input).value.strip() or None
        return NewGameRequest(self.game.slug, options, title)

    def action_submit(self) -> None:
        """Check the form; start the game or show what is wrong."""
        try:
            request = self.check()
        except (D6Error, ValueError) as e:
            self.query_one("#error", Label).update(str(e))
            return
        self.dismiss(request)

    @on(Input.Submitted)
    def _enter(self, event: Input.Submitted) -> None:
        if event.input.id == "players" and not self.query_one("#title", Input).value:
            self.query_one("#title", Input).focus()
            return
        self.action_submit()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_submit()
        else:
            self.dismiss(None)
