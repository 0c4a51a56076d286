"""How the D6 Dungeon screen runs moves: the choices and table dice of a move, the spells
picked from the waffle, the computer's turns, and undo against the computer.

:class:`DungeonMoveRunner` is a mixin of :class:`~d6tui.ui.dungeon.screen.DungeonScreen`; it
reads the screen's session and keyboard state and never holds a rule of its own: every move
is one of ``moves(state, seat)`` made through ``Session.play``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from textual import work

from d6tui.engine.errors import DiceError, RuleError
from d6tui.engine.game import Custom, Move
from d6tui.games.dungeon import bot
from d6tui.games.dungeon.moves import BagDraw
from d6tui.games.dungeon.waffle import hole_index, own_index
from d6tui.ui.screens.dice_prompt import ROLL_FOR_ME, DrawPrompt, TableDiceInput

if TYPE_CHECKING:
    from d6tui.games.dungeon.state import DungeonState

#: Choices whose answer must differ from an earlier choice of the same move, so the later
#: list leaves that answer out: ``(move id, choice) -> earlier choice`` ("Extra turn": pay
#: one die and roll *another* again).
DIFFERENT_FROM: dict[tuple[str, str], str] = {("extra_turn", "reroll"): "paid"}



def beside(modal: Any) -> Any:
    """``modal`` docked to the right, beside the waffle, so the dice it asks about stay in
    sight (the ``-beside`` class of the shared modal style)."""
    modal.add_class("-beside")
    return modal


class DungeonMoveRunner:
    """Running moves for the D6 Dungeon screen (see the module docstring)."""

    #: Seconds between the computer's moves (tests set it to 0).
    COMPUTER_PAUSE: ClassVar[float] = 0.4

    if TYPE_CHECKING:  # provided by the screen
        session: Any
        app: Any
        target: Move | None
        cursor: int
        shown: int | None
        _computer: Any

        @property
        def dungeon(self) -> DungeonState: ...
        @property
        def computer(self) -> int | None: ...
        def _move(self, move_id: str) -> Move | None: ...
        def refresh_game(self) -> None: ...
        def notify(self, message: str, **kw: Any) -> None: ...

    def _guard(self, act: Callable[[], dict]) -> dict | None:
        """Make a move; once it is made, the notices of earlier refusals are cleared (they
        no longer apply), so only what this move says stays on screen."""
        event = super()._guard(act)  # type: ignore[misc]
        if event is not None:
            self.app.clear_notifications()
        return event

    # -- undo against the computer ---------------------------------------------------------

    def is_computer(self, seat: Any) -> bool:
        """Whether ``seat`` is the computer's: undo and redo then go by the human's turn,
        the shared way (:func:`d6tui.engine.turn_undo.undo_turn`), so the computer never
        plays its turn again knowing what it saw (its dice stay on the table: it draws and
        rolls the same again)."""
        return seat is not None and seat == self.computer

    def stop_computer(self) -> None:
        """Stop the computer's worker before an undo."""
        worker = self._computer
        if worker is not None and not worker.is_finished:
            worker.cancel()
        self._computer = None

    # -- asking and running a move ---------------------------------------------------------

    @work(exclusive=True, group="dungeon-cast")
    async def action_cast(self) -> None:
        """Pick a spell; Decay, Turn and Pivot then take their die from the cursor."""
        from d6tui.ui.screens.modals import ChoiceModal

        casts = [m for m in self.session.moves(self.dungeon.turn) if m.id.startswith("cast_")]
        if not casts:
            return
        # the list even for one spell, so a digit or Enter casts it on purpose
        move = await self.app.push_screen_wait(
            beside(ChoiceModal("Which spell do you cast?", [(m.label, m) for m in casts])))
        if move is None:
            return
        holes = [v for c in move.choices if c.name == "hole" for v, _ in c.options]
        if holes:
            self.refresh_game()  # the state the die is picked in (a newer one drops it)
            self.target = move
            allowed = [own_index(hole_index(h), self.shown or 0) for h in holes]
            if self.cursor not in allowed:
                self.cursor = allowed[0]
            self.notify("Move the cursor to the die and press Enter (Escape: cancel).",
                        markup=False)
            self.refresh_game()
            return
        self.run_move(move.id)

    @work(exclusive=True, group="dungeon-move")
    async def run_move(self, move_id: str, answers: dict[str, Any] | None = None) -> None:
        """Ask the move's open choices, then its table dice, then make it."""
        from d6tui.ui.screens.modals import ChoiceModal

        move = self._move(move_id)
        if move is None:
            return
        answers = dict(answers or {})
        for c in move.choices:
            if c.name in answers:
                continue
            earlier = DIFFERENT_FROM.get((move.id, c.name))
            options = [(label, value) for value, label in c.options
                       if earlier is None or value != answers.get(earlier)]
            picked = await self.app.push_screen_wait(beside(ChoiceModal(c.prompt, options,
                                                                        note=move.label)))
            if picked is None:
                return
            answers[c.name] = picked
        typed = await self._ask_typed(move)
        if typed is None:
            return
        event = self._guard(lambda: self.session.play(move, answers, typed))
        if event is not None and event["type"] == "route_claimed":
            self.notify("The claim stands: one last turn for the other player.",
                        markup=False, timeout=6)

    async def _ask_typed(self, move: Move, who: str = "") -> dict[str, Any] | None:
        """The dice of ``move`` that the table-dice setting says are typed for its seat
        (``Session.table_dice_for``), by request name; those let d6tui draw or roll
        (ctrl+r) are absent. None when the player cancels."""
        typed: dict[str, Any] = {}
        for req in move.dice:
            if not self.session.table_dice_for(
                    req.seat if req.seat is not None else move.seat):
                continue
            got = await self._ask_table(req, who)
            if got is None:
                return None
            if got is not ROLL_FOR_ME:
                typed[req.name] = got
        return typed

    async def _ask_table(self, req: Any, who: str = "") -> dict | None:
        """The die drawn or the face rolled at the table for one dice request, or None when
        the player cancels. A wrong colour says why under the field, which keeps the text
        typed, and the prompt stays open until it is right. ctrl+r lets d6tui draw or roll this one
        (:data:`ROLL_FOR_ME`)."""
        if isinstance(req.die, BagDraw):
            bag = req.die

            def wrong(text: str) -> str:
                try:
                    bag.parse(text, 1)
                except DiceError as e:
                    return str(e)
                return ""

            # A wrong colour is said under the field, the text typed kept for the fix.
            text = await self.app.push_screen_wait(beside(DrawPrompt(
                f"{who}Which colour did you draw?", placeholder="e.g. red, blue, ...",
                check=wrong)))
            if text is None or text is ROLL_FOR_ME:
                return text
            return bag.parse(text, 1)
        if isinstance(req.die, Custom):
            return await self.app.push_screen_wait(beside(TableDiceInput(
                f"{who}Roll {req.label or 'the die'} and type the face it shows", 1,
                die=req.die.die,
                roll_for_me=True)))
        return None

    @work(group="dungeon-computer")
    async def computer_turn(self) -> None:
        """Play the computer's moves one by one, with a short pause, until its turn ends."""
        while True:
            state = self.dungeon
            if state.over or state.turn != self.computer:
                return
            await asyncio.sleep(self.COMPUTER_PAUSE)
            move_id, answers = await asyncio.to_thread(bot.choose, state, self.computer)
            if self.dungeon is not state:
                continue
            moves = {m.id: m for m in self.session.moves(self.computer)}
            move = moves.get(move_id)
            typed: dict[str, Any] | None = {}
            if move is not None and any(self.session.table_dice_for(
                    r.seat if r.seat is not None else move.seat) for r in move.dice):
                name = state.players[self.computer]
                typed = await self._ask_typed(move, f"{name} (computer): ")
                if typed is None:
                    self.notify(f"{name} waits for its dice: t lets d6tui draw and roll "
                                "them.", severity="warning", markup=False)
                    return
                if self.dungeon is not state:
                    continue
            try:
                if move is None:
                    raise RuleError(f"no move {move_id}")
                self.session.play(move, answers, typed)
            except RuleError:
                fallback = next((moves[m] for m in ("keep", "collect", "end_turn", "end_game")
                                 if m in moves), None)
                if fallback is None:
                    return
                self.session.play(fallback, {})
            self.refresh_game()
