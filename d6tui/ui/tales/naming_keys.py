"""The 6x6 Tales screen's naming keys: the hero's look and story (R03's portrait, J01), a
name on a square of the map (J02), a name for a beaten monster (J06). Each is one Tales
event through :meth:`GameScreen.do`, undone like any move.
"""

from __future__ import annotations

from typing import Any

from textual import work

from d6tui.games.tales import commands, island, naming
from d6tui.games.tales.state import Tale
from d6tui.ui.screens.modals import ChoiceModal, TextPrompt
from d6tui.ui.screens.notes import NoteModal

#: The screen actions of this mixin.
NAMING_ACTIONS = ("portrait", "name_place", "name_monster")


class NamingKeys:
    """Actions of the naming keys, for :class:`~d6tui.ui.tales.screen.TalesScreen`."""

    cursor: int
    tale: Tale
    app: Any
    do: Any
    notify: Any

    def can_name(self, action: str) -> bool:
        """Whether the naming ``action`` has something to name now."""
        state = self.tale
        if state.hero is None:
            return False
        if action == "name_place":
            return self.cursor in naming.namable_places(state)
        return action != "name_monster" or bool(naming.beaten(state))

    @work(exclusive=True, group="tales-action")
    async def action_portrait(self) -> None:
        """Write the hero's look and story on J01 (R03: a portrait, if you wish)."""
        h = self.tale.hero
        if h is None:
            return
        look = await self.app.push_screen_wait(NoteModal(
            f"J01: how {h.name} looks, in your words (R03's portrait)", h.look, edit=True))
        if look is None:
            return
        story = await self.app.push_screen_wait(NoteModal(
            f"J01: {h.name}'s story, in your words", h.story, edit=True))
        if story is not None:
            self.do(commands.describe_hero, look, story)

    @work(exclusive=True, group="tales-action")
    async def action_name_place(self) -> None:
        """Write a name on the map cursor's square (J02)."""
        state = self.tale
        i = self.cursor
        if i not in naming.namable_places(state):
            self.notify(f"{island.name(i)} is not drawn on the map yet (J02).",
                        severity="warning", markup=False)
            return
        name = await self.app.push_screen_wait(TextPrompt(
            f"Name {island.name(i)} (J02)", state.squares[i].name, "e.g. Misty Lake"))
        if name is not None:
            self.do(commands.name_place, island.name(i), name)

    @work(exclusive=True, group="tales-action")
    async def action_name_monster(self) -> None:
        """Name a monster the hero beat (J06)."""
        state = self.tale
        lines = naming.beaten(state)
        if not lines:
            return
        options = [(f"{state.fights[k].monster}"
                    + (f" '{state.fights[k].name}'" if state.fights[k].name else ""), k)
                   for k in lines]
        k = await self.app.push_screen_wait(ChoiceModal("Name which beaten monster? (J06)",
                                                        options))
        if k is None:
            return
        name = await self.app.push_screen_wait(TextPrompt(
            f"Name the {state.fights[k].monster} (J06)", state.fights[k].name))
        if name is not None:
            self.do(commands.name_monster, k + 1, name)
