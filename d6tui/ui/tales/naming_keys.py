"""The 6x6 Tales screen's naming keys: the hero's look and story (R03's portrait, J01), a
name on a square of the map (J02), a name for a beaten monster (J06). Each is a move of
:func:`d6tui.games.tales.moves.naming_moves` with text choices, made through the one move
runner and undone like any move.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual import work

from d6tui.games.tales import island, naming
from d6tui.games.tales.state import Tale
from d6tui.ui.screens.move_runner import ask_and_play

#: The screen actions of this mixin, and the move each makes.
NAMING_ACTIONS = ("portrait", "name_place", "name_monster")
_MOVES = {"portrait": "describe_hero", "name_place": "name_place",
          "name_monster": "name_monster"}


class NamingKeys:
    """Actions of the naming keys, for :class:`~d6tui.ui.tales.screen.TalesScreen`."""

    cursor: int
    tale: Tale
    app: Any
    session: Any
    notify: Any

    def can_name(self, action: str) -> bool:
        """Whether the naming ``action`` has something to name now."""
        state = self.tale
        if state.hero is None:
            return False
        if action == "name_place":
            return self.cursor in naming.namable_places(state)
        return action != "name_monster" or bool(naming.beaten(state))

    async def _ask_naming(self, action: str, given: dict | None = None, start: str = "") -> None:
        move_id = _MOVES[action]
        # the player's seat: names may be written after the end too (E17)
        move = next((m for m in self.session.moves(0) if m.id == move_id), None)
        if move is None:
            return
        if start:  # the input starts from the name written now
            move = replace(move, choices=tuple(
                replace(c, value=start) if c.name == "name" else c for c in move.choices))
        await ask_and_play(self, move, lambda req: False, given=given)

    @work(exclusive=True, group="tales-action")
    async def action_portrait(self) -> None:
        """Write the hero's look and story on J01 (R03: a portrait, if you wish)."""
        await self._ask_naming("portrait")

    @work(exclusive=True, group="tales-action")
    async def action_name_place(self) -> None:
        """Write a name on the map cursor's square (J02)."""
        i = self.cursor
        if i not in naming.namable_places(self.tale):
            self.notify(f"{island.name(i)} is not drawn on the map yet (J02).",
                        severity="warning", markup=False)
            return
        await self._ask_naming("name_place", {"square": island.name(i)},
                         self.tale.squares[i].name)

    @work(exclusive=True, group="tales-action")
    async def action_name_monster(self) -> None:
        """Name a monster the hero beat (J06)."""
        await self._ask_naming("name_monster")
