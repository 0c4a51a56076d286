"""The one way a screen runs a move from its list: its choices in lists, its dice from the
app or typed at the table in the one dice prompt, then ``Session.play`` (docs/CONTRIBUTING.md
"Moves and dice requests")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import D6Error
from d6tui.engine.game import Choice, Custom, DiceRequest, Move, Pips
from d6tui.ui.screens.dice_prompt import ROLL_FOR_ME, TableDiceInput
from d6tui.ui.screens.modals import ChoiceModal, TextPrompt
from d6tui.ui.screens.notes import NoteModal

#: The row that leaves an optional one-pick choice out, and the value it stands for.
NONE_LABEL = "(none: leave it out)"
NONE: Any = object()


async def ask_and_play(screen: Any, move: Move, typed_for: Callable[[DiceRequest], bool],
                       *, note: str = "",
                       numbers_for: Callable[[Choice], list[int] | None] | None = None,
                       given: dict[str, Any] | None = None,
                       ) -> dict | None:
    """Ask ``move``'s choices (a text choice in an input box, several lines in a note box),
    then each of its dice that ``typed_for`` says are typed from
    the table (ctrl+r in the prompt lets d6tui roll that one), then make the move through
    the screen's guard (a refusal is shown, nothing recorded).

    Args:
        screen: a :class:`~d6tui.ui.screens.game.GameScreen`, in a worker.
        move: one of the session's legal moves.
        typed_for: whether a dice request is typed from real dice.
        note: a line shown under each choice's question.
        numbers_for: the numbers a choice's options are picked by, when they have their
            own (a map's spaces), or None for 1, 2, 3...
        given: answers known already (the map cursor's square), not asked again.

    Returns:
        The recorded event, or None when the player cancelled or the rules refused.
    """
    answers: dict[str, Any] = dict(given or {})
    for c in move.choices:
        if c.name in answers:
            continue
        if c.kind == "text":  # typed words; the engine checks them when the move is made
            if c.lines:
                text = await screen.app.push_screen_wait(NoteModal(
                    c.prompt, c.value, edit=True, empty="leave it blank"))
            else:
                text = await screen.app.push_screen_wait(TextPrompt(
                    c.prompt, c.value, empty_ok=c.min == 0,
                    check=_dry_run(screen, move, c, answers)))
            if text is None:
                return None
            answers[c.name] = text
            continue
        options = [(label, value) for value, label in c.options]
        numbers = numbers_for(c) if numbers_for is not None else None
        if c.min == 0 and c.max == 1 and numbers is None:
            options.append((NONE_LABEL, NONE))  # an optional pick may be left out by a row
        picked = await screen.app.push_screen_wait(ChoiceModal(
            c.prompt, options, multiple=c.max > 1, minimum=c.min, maximum=c.max, note=note,
            numbers=numbers))
        if picked is None:
            if c.min > 0:
                return None
            continue
        if picked is NONE:
            continue  # left out: the move gets None (docs/CONTRIBUTING.md)
        answers[c.name] = picked
    typed = await ask_dice(screen, move, typed_for)
    if typed is None:
        return None
    return screen._guard(lambda: screen.session.play(move, answers, typed))


async def ask_dice(screen: Any, move: Move, typed_for: Callable[[DiceRequest], bool],
                   *, who: str = "") -> dict[str, Any] | None:
    """Ask, in the one dice prompt, each of ``move``'s dice that ``typed_for`` says are
    typed from the table (ctrl+r lets d6tui roll that one; a game's own die kind is left
    to the app).

    Args:
        screen: a game screen, in a worker.
        move: the move whose dice are asked.
        typed_for: whether a dice request is typed from real dice.
        who: words put before each prompt ("Ben (computer): "), when the dice are not the
            player's own move's.

    Returns:
        The typed rolls by request name (those left to d6tui are absent), or None when
        the player pressed Escape.
    """
    typed: dict[str, Any] = {}
    for req in move.dice:
        if not typed_for(req):
            continue
        die = req.die
        label = who + (req.label or req.describe())
        if isinstance(die, Pips):
            prompt = TableDiceInput(label, req.count, sides=die.sides,
                                    roll_for_me=True, total_ok=req.total_ok)
        elif isinstance(die, Custom):
            prompt = TableDiceInput(label, req.count, die=die.die, roll_for_me=True)
        else:  # a game's own die kind asks in its own screen; here the app rolls it
            continue
        roll = await screen.app.push_screen_wait(prompt)
        if roll is None:
            return None
        if roll is not ROLL_FOR_ME:
            typed[req.name] = roll
    return typed


def _dry_run(screen: Any, move: Move, choice: Choice, answers: dict[str, Any]
             ) -> Callable[[str], str] | None:
    """For a move whose last question is ``choice`` (a text) and that rolls no dice: a check
    that makes the move on paper (``run`` is pure: it returns the event, records nothing)
    and gives the rules' refusal in one line, so a wrong answer keeps its box open with
    the words typed (a card named at the table, "D7 Dual Wield")."""
    if move.dice or move.choices[-1] is not choice:
        return None

    def check(text: str) -> str:
        try:
            move.run(screen.session.state, Dice(0),
                     **{**answers, choice.name: choice.check(text)})
        except D6Error as e:
            return str(e)
        return ""

    return check
