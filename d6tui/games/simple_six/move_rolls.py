"""The dice of Simple Six's rolling moves, as the engine's dice requests see them.

A Simple Six roll is a wild-die roll whose shape depends on the position (the wild die's
chain on a 6, Character Point dice, a damage roll that only a hit calls for), so a move
cannot declare its faces before it runs. Each rolling move declares one request of this
game's own die kind, ``rolls``: left to the app (``d6tui play``, the bots, a screen with
table dice off) the command rolls with the session's dice as it runs; a screen that asks
the table's dice ("The Wild Die": each roll typed in its own prompt) hands the typed rolls
in under it as ``{"source": "table", "typed": {...}}``, the command's own keywords for typed
dice (docs/CONTRIBUTING.md "Moves and dice requests": a game's own die kind asks in its own
screen).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError
from d6tui.engine.game import DiceRequest


class WildRolls:
    """The die kind of a Simple Six move's rolls: the app's dice, or typed at the screen."""

    @property
    def name(self) -> str:
        """The kind's name, as ``d6tui moves --json`` shows it."""
        return "set of wild-die rolls"

    def roll(self, dice: Dice, count: int) -> dict:
        """The app rolls: nothing is drawn now; the command rolls with the session's dice."""
        return {"dice": "wild", "faces": [], "source": "app"}

    def parse(self, text: str, count: int) -> dict:
        """The rolls typed at the table as text: a JSON object of the command's keywords for
        typed dice (:data:`TYPED_KEYS`), as :func:`table_rolls` writes it (a shared table
        sends a seat's typed dice as text, so the move's own die kind reads them again).

        Raises:
            DiceError: not such an object (plain faces cannot say which roll they are: the
                screen's prompts ask each one).
        """
        try:
            typed = json.loads(text)
        except ValueError:
            typed = None
        if not isinstance(typed, dict) or not typed or not set(typed) <= TYPED_KEYS:
            raise DiceError("Simple Six's wild-die rolls are read against the move: type"
                            " them in the screen's dice prompts, or with d6tui play --dice")
        return {"dice": "wild", "faces": [], "source": "table", "typed": typed}

    #: How ``d6tui moves`` says to type these rolls on the command line.
    cli_syntax = ('--dice "3 5 w 6 2" types the first roll (ordinary dice, the wild die,'
                  ' its rerolls of a 6); --dice NAME=FACES a roll by name (attack, damage,'
                  ' defense, resist, or a combatant\'s id); d6tui rolls the rest')

    def read_for_move(self, session: Any, move: Any, answers: Mapping[str, Any],
                      texts: Mapping[str, str]) -> dict:
        """The ``rolls`` of ``move`` from faces typed on the command line (``d6tui play
        --dice``): ``texts`` is roll name -> faces (``""`` the first roll not named), read
        with the screen's own parser against the rolls a dry run of the move on the session's
        state makes (:func:`d6tui.games.simple_six.typed_rolls.typed_from_texts`); stored as
        typed (``source = "table"``).

        Raises:
            DiceError: a roll the move does not make, faces that do not fit it, or a move
                whose table dice are typed on the screen only (``SCREEN_ONLY``).
            RuleError: an answer is not allowed, or the move breaks a rule.
        """
        from d6tui.games.simple_six.typed_rolls import SCREEN_ONLY, shape_of, typed_from_texts

        if move.id in SCREEN_ONLY:
            raise DiceError(f"'{move.id}' takes its table dice in the screen's prompts only;"
                            " leave --dice out and d6tui rolls them")
        checked = {c.name: c.check(answers.get(c.name)) for c in move.choices}
        checked = {k: v for k, v in checked.items() if v is not None}
        state = session.state

        def run(st: Any, dice: Dice, **kw: Any) -> dict:
            return move.run(st, dice, **checked, rolls=table_rolls(kw))

        typed = typed_from_texts(run, state, shape_of(move.id, state.last_roll), texts,
                                 dice=getattr(session, "dice", None))
        return table_rolls(typed)


#: The keywords the commands take dice typed at the table under (nothing else may come in
#: through ``rolls``: the move's choices are checked as choices).
TYPED_KEYS = frozenset({"typed", "body_typed", "knockout_faces", "knockout_total",
                        "recovery_faces", "chains", "typed_for", "typed_plain"})

#: The one request of every rolling Simple Six move.
ROLLS = DiceRequest("rolls", 1, WildRolls(), "the wild-die rolls (The Wild Die)")


def typed_dice(rolls: Mapping[str, Any] | None) -> dict[str, Any]:
    """The command's keywords for dice typed at the table, from a move's ``rolls`` (empty
    when the app rolls)."""
    if not rolls or rolls.get("source") != "table":
        return {}
    typed = dict(rolls.get("typed") or {})
    if not set(typed) <= TYPED_KEYS:
        raise DiceError(f"typed dice come as {', '.join(sorted(TYPED_KEYS))}, not "
                        f"{', '.join(sorted(set(typed) - TYPED_KEYS))}")
    return typed


def table_rolls(typed: Mapping[str, Any]) -> dict:
    """The ``rolls`` a screen hands a move for dice typed at the table: ``typed`` are the
    command's keywords (``typed=...``, ``recovery_faces=...``). Its one "face" is that as
    JSON text, which a shared table sends on and :meth:`WildRolls.parse` reads back."""
    return {"dice": "wild", "faces": [json.dumps(dict(typed))], "source": "table",
            "typed": dict(typed)}
