"""The 6x6 Tales screen's lists and dice dialogs: the backpack (J03), the shop (R07), a roll
typed from real dice (``t``), and the held dice that the Hobbit's cookie (R03) or a Meeple
(J08) may change. Each answer is a move of :func:`d6tui.games.tales.moves.moves` made
through the one move runner.
"""

from __future__ import annotations

from typing import Any

from textual import work

from d6tui.engine.game import Move
from d6tui.games.tales import commands, legal, prompts, services, shops
from d6tui.games.tales import moves as tales_moves
from d6tui.games.tales.state import Tale, evolve
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.screens.move_runner import ask_and_play
from d6tui.ui.screens.table_dice import choose_table_seats
from d6tui.ui.tales.offers import BACKPACK, SHOP, backpack_label, label_of, make_offers

#: The rolls the table-dice key offers, in words.
TABLE_ROLLS = {commands.roll: "the awaited roll", commands.attack: "attack",
               commands.flee: "flee", services.gamble: "gamble",
               commands.meeple_reroll: "the Meeple's re-roll (J08)"}


class TalesDialogs:
    """The list and dice actions of :class:`~d6tui.ui.tales.screen.TalesScreen`."""

    cursor: int
    tale: Tale
    app: Any
    session: Any
    key_of: Any
    perform: Any
    run_move: Any
    play: Any
    refresh_game: Any

    @work(exclusive=True, group="tales-action")
    async def _run_typed(self, move: Move) -> None:
        """A rolling move with its dice typed from real dice (the one dice prompt)."""
        event = await ask_and_play(self, move, lambda req: True)
        if event is not None and self.tale.held is not None:
            await self._ask_held(table=True)

    @work(exclusive=True, group="tales-action")
    async def ask_held(self) -> None:
        """The dice are seen: keep them, eat the cookie or let the Meeple re-roll (R03,
        J08); Escape keeps the dice as rolled."""
        await self._ask_held(table=False)

    async def _ask_held(self, *, table: bool) -> None:
        for _ in range(2):  # the Meeple re-rolls once; then keep or eat the cookie
            state = self.tale
            held = state.held
            if held is None:
                return
            options: list[tuple[str, str]] = []
            for offer in make_offers(state, self.cursor, self.key_of):
                if offer.action is not None:  # the whole words: before and after
                    fn, args, _ = offer.action
                    options.append((label_of(state, offer.action),
                                    tales_moves.move_id(fn, args)))
            faces = "+".join(str(f) for f in held.counted.get("faces", []))
            picked = await self.app.push_screen_wait(ChoiceModal(
                f"You rolled {faces}", options,
                note=f"{prompts.prompt(evolve(state, held=None))}.",
                escape="keeps the dice as rolled"))
            move_id = picked or tales_moves.move_id(commands.keep_roll, ())
            move = next((m for m in self.session.moves() if m.id == move_id), None)
            if move is None:
                return
            if move.dice:
                await ask_and_play(self, move, lambda req: table or self.typed_dice())
            else:
                self.play(move_id)

    @work(exclusive=True, group="tales-action")
    async def action_backpack(self) -> None:
        """Use a scroll or an item: a list of what can be used now (J03, J01)."""
        acts = [a for a in legal.actions(self.tale) if a[0] in BACKPACK]
        if not acts:
            return
        options = [(backpack_label(a, self.tale), a) for a in acts]
        picked = await self.app.push_screen_wait(ChoiceModal("Use what? (J03)", options))
        if picked is not None:
            self.perform(picked)

    @work(exclusive=True, group="tales-action")
    async def action_shop(self) -> None:
        """Buy or sell a scroll in the open shop (R07)."""
        state = self.tale
        acts = [a for a in legal.actions(state) if a[0] in SHOP]
        if not acts:
            return
        place = state.top.arg if state.top is not None else ""
        options = []
        for a in acts:
            name = a[1][0]
            mark = "*" if state.content.scrolls[name].house else ""
            if a[0] is services.buy:
                cost = shops.price(state, place, name) if place in shops.SHOPS else 1
                options.append((f"buy {name}{mark} for {cost} gold", a))
            else:
                options.append((f"sell {name}{mark} for {shops.sell_price(state, name)} gold",
                                a))
        h = state.hero
        gold = h.gold if h else 0
        picked = await self.app.push_screen_wait(
            ChoiceModal(f"Trade scrolls ({gold} gold)", options))
        if picked is not None:
            self.run_move(picked)

    def typed_dice(self) -> bool:
        """Whether every roll is typed from real dice (the table-dice setting, kept in the
        save: ``D``; at a shared table, this seat's own)."""
        return bool(self.session.table_dice_for(0))

    @work(exclusive=True, group="tales-action")
    async def action_table_mode(self) -> None:
        """Every roll asks for real dice from now on, or d6tui rolls again (a ``table_dice``
        event; ctrl+r in each prompt lets d6tui roll that one)."""
        if await choose_table_seats(self, ["the hero's player"]) is not None:
            self.refresh_game()

    @work(exclusive=True, group="tales-action")
    async def action_table_dice(self) -> None:
        """Type real dice for the awaited roll (or the attack, flight, gamble or Meeple)."""
        acts = [a for a in legal.actions(self.tale)
                if tales_moves.dice_count(self.tale, a[0], a[1]) and a[0] in TABLE_ROLLS]
        if not acts:
            return
        action = acts[0]
        if len(acts) > 1:
            action = await self.app.push_screen_wait(ChoiceModal(
                "Which roll with table dice?", [(TABLE_ROLLS[a[0]], a) for a in acts]))
            if action is None:
                return
        move_id = tales_moves.move_id(action[0], action[1])
        move = next((m for m in self.session.moves() if m.id == move_id), None)
        if move is None:
            return
        event = await ask_and_play(self, move, lambda req: True)
        if event is not None and self.tale.held is not None:
            await self._ask_held(table=True)
