"""D6 Shooter widgets, each named after the physical component it stands for.

Every widget is given the whole :class:`~d6tui.games.shooter.state.ShooterState` (immutable)
through :meth:`~d6tui.ui.widgets.state_view.StateView.update_view` and draws it in
``render_view``; none changes it (DESIGN "UI conventions").
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import EllipsisType

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive

from d6tui.games.shooter.state import (
    CHALLENGE_NEEDED,
    CHALLENGE_SUIT,
    RANKS,
    ROLLS_PER_HUNT,
    SKULL_REROLLS,
    Phase,
    Player,
    ShooterState,
    card_rep,
    jail_rep,
    rep_needed,
    unmatched,
)
from d6tui.ui.widgets.faces import face_label
from d6tui.ui.widgets.state_view import StateView
from d6tui.ui.widgets.static_text import same_rows
from d6tui.words import plural

_CSS = (Path(__file__).with_name("widgets.tcss")).read_text(encoding="utf-8")

#: What each badge lets its holder do ("Cashing in Reputation Points").
ABILITIES: tuple[str, ...] = (
    "no ability",
    "1 skull re-roll/turn",
    "2 skull re-rolls/turn",
    "Marshal: wins",
)


def symbols_text(symbols: Sequence[str], filled: int | Sequence[bool] = 0) -> str:
    """Suit symbols as ``♥H ♠S``; filled ones get a tick (readable without colour)."""
    if isinstance(filled, int):
        marks = [i < filled for i in range(len(symbols))]
    else:
        marks = list(filled)
    return " ".join(face_label(s) + ("\u2713" if m else "") for s, m in zip(symbols, marks,
                                                                           strict=False))


class _StateWidget(StateView):
    """A widget drawn from the game state it is given (:meth:`update_view`): the whole
    :class:`ShooterState`, nothing drawn before the players are seated."""

    DEFAULT_CSS = _CSS
    # The .tcss styles each subclass by name, so it must not be scoped to this base class.
    SCOPED_CSS = False
    view: reactive[ShooterState | None] = reactive(None, layout=True)

    #: The width and the text of the widget's latest draw (see :meth:`update_view`).
    _drawn: tuple[int, object] | None = None

    def shows(self, view: ShooterState) -> bool:
        """Only a game with its players seated."""
        return bool(view.players)

    def render(self) -> RenderableType:
        """The view's text, kept with the width it was drawn at."""
        out = super().render()
        self._drawn = (self.size.width, out)
        return out

    def update_view(self, view: ShooterState | None) -> bool:
        """Take ``view``; repaint (and lay out) only when its text at the widget's width
        differs from the text drawn. Every action makes a new state, but most change one
        or two of the badges, jails, deck, store and In Play area, not all nine.

        Returns:
            Whether a redraw was asked for.
        """
        drawn = self._drawn
        if (view is not None and view is not self.view and self.view is not None
                and drawn is not None and drawn[0] and drawn[0] == self.size.width):
            text = self.render_view(view) if self.shows(view) else self.render_empty()
            if text == drawn[1]:
                self.set_reactive(_StateWidget.view, view)
                return False
            if (isinstance(text, Text | str) and isinstance(drawn[1], Text | str)
                    and same_rows(drawn[1], text, self.content_size.width)):
                self.set_reactive(_StateWidget.view, view)  # the same rows: drawn, not laid out
                self.refresh()
                return True
        return super().update_view(view)


class BadgeCard(_StateWidget):
    """One player's Badge card: rank, Rep in jail against Rep needed, and ability.

    Args:
        index: the player's place in turn order.
    """

    def __init__(self, index: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.index = index

    def render_view(self, state: ShooterState) -> Text:
        """``► Ann  Deputy  Rep 5/8  1 skull re-roll/turn``."""
        if self.index >= len(state.players):
            return Text("")
        p = state.players[self.index]
        turn = self.index == state.current and not state.over
        acting = self.index == state.pending and not state.over
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append("\u25ba " if turn else ("! " if acting else "  "), "bold")
        out.append(p.name, "bold reverse" if turn else "bold")
        out.append(f"  {RANKS[p.rank]}")
        rep = jail_rep(state, p)
        if p.rank < len(RANKS) - 1:
            out.append(f"  Rep {rep}/{rep_needed(p.rank)}",
                       "bold" if rep >= rep_needed(p.rank) else "")
        if turn and state.rerolls_left:
            # Short, so that what is left this turn fits beside a long name at 80 columns.
            out.append(f"  skull re-rolls: {state.rerolls_left} left", "italic")
        else:
            out.append(f"  {ABILITIES[p.rank]}", "italic")
        return out


def jail_parts(state: ShooterState, player: Player) -> list[str]:
    """A player's jail, one ``"Dusty Pete 3 shackled"`` per card."""
    held = player.shackled
    return [f"{state.cards[c].name} {card_rep(state, c)}{' shackled' if c in held else ''}"
            for c in player.jail]


class JailArea(_StateWidget):
    """One player's jail (after the number of cards in their hand): the bandits (and won
    Shooting Contest cards) with their Rep;
    shackled ones marked ("Cashing in Reputation Points", "Card Index: Shackles").

    Args:
        index: the player's place in turn order.
    """

    def __init__(self, index: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.index = index

    def render_view(self, state: ShooterState) -> Text:
        """``    hand 1  jail: Dusty Pete 3 shackled, Shooting Contest 2``."""
        if self.index >= len(state.players):
            return Text("")
        p = state.players[self.index]
        out = Text(no_wrap=True, overflow="ellipsis")
        # A seat's view at a shared table hides another's hand but keeps its size.
        out.append(f"    hand {len(p.hand) + p.hidden}  jail: ", "dim")
        if not p.jail:
            out.append("empty", "dim")
            return out
        parts = jail_parts(state, p)
        room = self.size.width - out.cell_len
        shown = ", ".join(parts)
        if room > 0 and len(shown) > room:
            # Keep whole names and say how many more there are (all of them: key j).
            for n in range(len(parts) - 1, -1, -1):
                more = f"+{len(parts) - n} more (j)"
                shown = ", ".join(parts[:n]) + (", " if n else "") + more
                if len(shown) <= room:
                    break
        out.append(shown)
        return out


class GameDeck(_StateWidget):
    """The Game deck and its discard pile, with the turn number."""

    def render_view(self, state: ShooterState) -> Text:
        """``Deck 54  Discard 12  Turn 3``."""
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append("Game deck ", "bold")
        out.append(f"{len(state.deck)}  discard {len(state.discard)}  turn {state.turn}")
        return out


class GeneralStore(_StateWidget):
    """The face-up General Store cards with prices, and the current player's hand
    ("General Store Cards": one buy a turn, at most two in hand)."""

    #: Whose hand is shown: ``...`` the player who acts (one keyboard), a seat (a shared
    #: table: this terminal's own), None nobody's (a spectator).
    hand_of: int | None | EllipsisType = ...

    def render_view(self, state: ShooterState) -> Text:
        """The store's face-up cards, then the hand of the player who acts."""
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append("General Store", "bold")
        out.append(f" ({len(state.store_down)} face down)", "dim")
        for c in state.store_up:
            card = state.cards[c]
            out.append(f"\n  {card.name} ${card.price}")
        if not state.store_up:
            out.append("\n  (sold out)", "dim")
        seat = state.pending if self.hand_of is ... else self.hand_of
        if seat is None or not 0 <= seat < len(state.players):
            return out
        p = state.players[seat]
        out.append(f"\n{p.name}'s hand", "bold")
        if not p.hand:
            out.append(": empty", "dim")
        for c in p.hand:
            out.append(f"\n  {state.cards[c].name}")
        return out


class InPlayArea(_StateWidget):
    """The In Play area below the Game deck: bandits captured this turn, the bandit being
    hunted with its symbols (filled ones ticked), or the event card being resolved
    ("On Your Turn", "Drawing a Bandit Card")."""

    def render_view(self, state: ShooterState) -> Text:
        """Captured bandits, then what is being rolled for."""
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append("In play: ", "bold")
        captured = state.captured
        if captured:
            total = sum(state.cards[c].rep for c in captured)
            names = ", ".join(state.cards[c].name for c in captured)
            out.append(f"captured {names} ({total} Rep, not yet jailed)")
        elif not state.hunting and not state.resolving:
            out.append("nothing", "dim")
        else:
            out.append("nothing captured yet this turn", "dim")
        if state.hunting:
            card = state.cards[state.hunting]
            missing = list(unmatched(state))
            filled = []
            for s in card.symbols:
                if s in missing:
                    missing.remove(s)
                    filled.append(False)
                else:
                    filled.append(True)
            out.append(f"\nHunting {card.name}", "bold")
            out.append(f"  {card.rep} Rep ${card.reward}   needs ")
            out.append(symbols_text(card.symbols, filled), "bold")
            out.append(f"\n  roll {state.rolls_used} of {ROLLS_PER_HUNT} used, "
                       f"{plural(state.dice.free, 'die', 'dice')} free, "
                       f"{state.dice.skulls} lost to skulls")
        elif state.resolving:
            card = state.cards[state.resolving]
            out.append(f"\nResolving {card.name}", "bold")
            effect = card.effect
            if effect in CHALLENGE_SUIT:
                got = sum(1 for k in state.dice.kept if k.symbol == CHALLENGE_SUIT[effect])
                out.append(f"  needs {CHALLENGE_NEEDED} "
                           f"{face_label(CHALLENGE_SUIT[effect])}, has {got}; "
                           f"roll {state.rolls_used} of {ROLLS_PER_HUNT} used")
            elif effect == "dynamite" and state.target >= 0:
                got = sum(1 for k in state.dice.kept if k.symbol == "skull")
                out.append(f" on {state.players[state.target].name}'s jail: needs "
                           f"{CHALLENGE_NEEDED} {face_label('skull')}, has {got}; "
                           f"roll {state.rolls_used} of {ROLLS_PER_HUNT} used")
            elif state.contest is not None:
                c = state.contest
                me = state.players[state.current].name
                them = state.players[c.opponent].name
                out.append(f"  {me} {c.skulls[0]} vs {them} {c.skulls[1]} skulls "
                           f"(first to 3 wins)")
        return out


def phase_words(state: ShooterState) -> str:
    """What the turn waits for, in a few words (for the turn banner)."""
    p = state.players[state.current].name
    pending = state.players[state.pending].name
    hunted = state.cards[state.hunting].name if state.hunting else "a bandit"
    words = {
        Phase.START: f"{p}'s turn: buy, cash Rep or play cards, then draw",
        Phase.DRAW: f"{p} draws again",
        Phase.HUNT: f"{p} is hunting {hunted}: roll {state.rolls_used + 1} of {ROLLS_PER_HUNT}",
        Phase.LAST_CHANCE: f"{p} missed: re-roll a skull or give up",
        Phase.CAPTURED: f"{p} captured the bandit: press on or stop",
        Phase.ESCAPE: f"Escape! {p} may play Horseback",
        Phase.JAIL_BREAK: f"Jail Break! {p} may play Night Watch",
        Phase.CHALLENGE: f"{p} rolls for the event",
        Phase.REWARD: f"{p} won a General Store card",
        Phase.CONTEST: f"Shooting Contest: {p} shoots it out",
        Phase.DYNAMITE_DEFENSE: f"Dynamite! {pending} may answer with Night Watch",
        Phase.DYNAMITE: f"{p} rolls the Dynamite",
        Phase.END: f"{p}'s turn ends: cash Rep or play cards, then end the turn",
    }
    if state.over:
        return f"{state.winner_name} is Marshal and wins the game!"
    return words.get(state.phase, str(state.phase))


__all__ = [
    "BadgeCard",
    "JailArea",
    "jail_parts",
    "GameDeck",
    "GeneralStore",
    "InPlayArea",
    "ABILITIES",
    "SKULL_REROLLS",
    "phase_words",
    "symbols_text",
]
