"""What the 6x6 Tales widgets draw: a :class:`TalesView` (the tale, the tale as the turn
began, the map cursor, the reach, the notes), and the base of the widgets drawn from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.style import Style
from textual.reactive import reactive

from d6tui.games.tales import movement, play
from d6tui.games.tales.state import Tale
from d6tui.ui.widgets.state_view import StateView

_CSS = (Path(__file__).with_name("widgets.tcss")).read_text(encoding="utf-8")

#: The mark beside a house value (DESIGN "Content data"); the help explains it.
HOUSE = "*"


@dataclass(frozen=True)
class TalesView:
    """What the tale's widgets draw.

    Attributes:
        state: the tale now.
        before: the tale as this turn began (for the highlights).
        cursor: the square under the map cursor (0..35).
        reach: squares the hero can reach this turn, with their steps (R04).
        notes: the player's notes.
        watching: a spectator's screen at a shared table (the pages name no key that writes).
    """

    state: Tale
    before: Tale
    cursor: int = 0
    reach: dict[int, int] = field(default_factory=dict)
    notes: tuple[Any, ...] = ()
    """The player's notes (``Session.notes()``), for J05."""
    watching: bool = False


def reach_of(state: Tale) -> dict[int, int]:
    """The squares reachable this turn, only while the hero may still move (R04, R10)."""
    if state.over or state.hero is None or state.pos < 0:
        return {}
    if state.top is None and state.step not in ("movement", "level_up"):
        return {}
    if state.top is not None and state.step not in play.SPEED_STEPS:
        return {}
    return movement.reachable(state)


class ViewWidget(StateView):
    """A widget drawn from the :class:`TalesView` it is given (:meth:`update_view`); a new
    view repaints it, and only the booklet lays out again (its pages differ in length)."""

    DEFAULT_CSS = _CSS
    SCOPED_CSS = False
    view: reactive[TalesView | None] = reactive(None)

    _styles: dict[str, Style] | None = None

    def style(self, name: str) -> Style:
        """A component class's style, to add over another (``partial``); cached until the
        theme or CSS changes."""
        if self._styles is None:
            self._styles = {}
        got = self._styles.get(name)
        if got is None:
            got = self._styles[name] = self.get_component_rich_style(name, partial=True)
        return got

    def notify_style_update(self) -> None:
        """The theme or CSS changed: forget the cached styles."""
        self._styles = None
        super().notify_style_update()
