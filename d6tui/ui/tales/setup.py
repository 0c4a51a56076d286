"""The new-tale part of the new-game form: the hero's name and race, and whether to take the
personal quest to explore the island, which R03 leaves to the player."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Select

from d6tui.ui.widgets.field import Field

#: The races of R03 with their bonus, as the form lists them.
RACES = (
    ("Dwarf (Dmg 2, gambles)", "dwarf"),
    ("Elf (Atk 2, +2 damage on a 12)", "elf"),
    ("Human (+2 gold, trades, gambles)", "human"),
    ("Hobbit (a cookie: +1/-1 a die)", "hobbit"),
)


class HeroSetup(Vertical):
    """Name, race and personal quest of a new hero; :meth:`options` reads them for
    ``check_options``."""

    DEFAULT_CSS = (Path(__file__).with_name("setup.tcss")).read_text(encoding="utf-8")

    def compose(self) -> ComposeResult:
        with Horizontal(classes="hero-row"):
            yield Label("Hero's name", classes="hero-label")
            yield Field(placeholder="optional (R03), e.g. Brin", id="hero-name")
        # The rules' word on the name (too long, a control character) goes right under it.
        yield Label("", classes="modal-error field-error", id="name-error", markup=False)
        with Horizontal(classes="hero-row"):
            yield Label("Race (R03)", classes="hero-label")
            yield Select(RACES, value="dwarf", allow_blank=False, id="hero-race")
        with Horizontal(classes="hero-row"):
            yield Label("Quest (R03)", classes="hero-label")
            yield Checkbox("Explore the island: the personal quest, E02 when every square "
                           "has a road", value=True, id="hero-explore")

    #: The field the new-game form focuses as it opens: the name is what a tale needs first.
    FIRST_FIELD = "#hero-name"
    #: The widget of each option the rules may refuse (``RuleError.field``), for the form
    #: to focus; its message goes in ``#<option>-error``.
    OPTION_FIELDS = {"name": "#hero-name", "race": "#hero-race"}

    def options(self) -> dict:
        """``{"name": ..., "race": ..., "explore": bool}`` as typed and picked."""
        race = self.query_one("#hero-race", Select).value
        return {"name": self.query_one("#hero-name", Input).value.strip(),
                "race": str(race) if isinstance(race, str) else "",
                "explore": self.query_one("#hero-explore", Checkbox).value}
