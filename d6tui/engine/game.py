"""A game's definition: the one shape every game plugs in with (docs/CONTRIBUTING.md).

A game package ``d6tui/games/<slug>/`` exports ``GAME``, a light :class:`GameEntry` (names,
blurb, where its definition and screen live) that costs nothing to import, so the home
screen, ``d6tui list`` and ``d6tui new`` can list every game without loading any rules. The
entry's :meth:`GameEntry.definition` imports the game's :class:`GameDefinition`: the options
schema, start, fold, describe, status, the legal moves of a seat and what a seat may see.

Moves are what a seat may do now (``moves(state, seat)``): each has a stable ``id`` (what
``d6tui play`` takes), a label, its choices (name -> allowed values) and the dice it needs
(:class:`DiceRequest`). Running a move (``Session.play``) fills its dice from the app's dice
or from faces typed at the table, then records the event its ``run`` returns.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from d6tui.engine.dice import (
    CustomDie,
    Dice,
    is_total,
    parse_typed_faces,
    parse_typed_pips,
    parse_typed_total,
    table_roll_custom,
)
from d6tui.engine.errors import DiceError, EventError, RuleError
from d6tui.engine.options import SEED_FIELD as SEED_FIELD
from d6tui.engine.options import OptionField as OptionField
from d6tui.engine.options import check_schema as check_schema
from d6tui.engine.text import TITLE_MAX as TITLE_MAX
from d6tui.engine.text import check_title as check_title
from d6tui.engine.text import control_problem

#: What a seat is: an index into the game's seats, or None for a spectator.
Seat = int | None


# -- dice requests ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Pips:
    """Ordinary numbered dice (d4-d100)."""

    sides: int = 6

    @property
    def name(self) -> str:
        """``d6``."""
        return f"d{self.sides}"

    def roll(self, dice: Dice, count: int) -> dict:
        """The app rolls ``count`` of them."""
        return dice.roll(count, self.sides)

    def parse(self, text: str, count: int) -> dict:
        """Typed faces ("3 5", "35" for small dice) as a table roll.

        Raises:
            DiceError: the wrong count or a face out of range.
        """
        return parse_typed_pips(text, count, self.sides)


@dataclass(frozen=True)
class Custom:
    """Dice with named faces (the D6 Shooter dice, the D6 Dungeon dice)."""

    die: CustomDie

    @property
    def name(self) -> str:
        """The die's name."""
        return self.die.name

    def roll(self, dice: Dice, count: int) -> dict:
        """The app rolls ``count`` of them."""
        return dice.roll_custom(self.die, count)

    def parse(self, text: str, count: int) -> dict:
        """Typed face names, prefixes or numbers as a table roll.

        Raises:
            DiceError: the wrong count or a face not on the die.
        """
        return table_roll_custom(self.die, parse_typed_faces(text), count)


@dataclass(frozen=True)
class DiceRequest:
    """Dice a move needs before it can run.

    Attributes:
        name: the keyword the move's ``run`` receives the roll under (``roll``).
        count: how many dice.
        die: :class:`Pips`, :class:`Custom`, or a game's own die kind with ``name``,
            ``roll(dice, count)`` and ``parse(text, count)``.
        label: what the roll is for, for the dice prompt ("2d6 to move").
        seat: whose dice these are (table dice may be typed for some seats only).
        total_ok: only the total matters to the rules, so table dice may be typed as a total
            (``=11``) instead of each face; the roll then has ``faces = []`` and a
            ``total`` (read it with :func:`d6tui.engine.dice.roll_sum`). Numbered dice only.
    """

    name: str
    count: int
    die: Any = field(default_factory=Pips)
    label: str = ""
    seat: Seat = None
    total_ok: bool = False

    def describe(self) -> str:
        """``3 shooter``, ``2d6``: the request in notation."""
        die = self.die
        if isinstance(die, Pips):
            return f"{self.count}d{die.sides}"
        return f"{self.count} {die.name}"

    def to_json(self) -> dict:
        """The request as JSON values (``d6tui moves --json``)."""
        out: dict[str, Any] = {"name": self.name, "count": self.count, "die": self.die.name,
                               "notation": self.describe()}
        if isinstance(self.die, Custom):
            out["faces"] = list(self.die.die.faces)
        if self.label:
            out["label"] = self.label
        if self.total_ok:
            out["total_ok"] = True
        syntax = getattr(self.die, "cli_syntax", None)
        if syntax:  # a game's own die kind says how its dice are typed with --dice
            out["syntax"] = syntax
        return out


# -- moves ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """A selection a move needs: one value, or several (``max > 1``); or, of kind
    ``"text"``, words the player types (a name, a story).

    Attributes:
        name: the keyword the move's ``run`` receives the answer under.
        prompt: the question ("Bandits to cash in").
        options: ``(value, label)`` pairs to pick from (none for a text).
        min: fewest values to pick (0: may be left out); for a text, the fewest characters
            (0: may be left empty, the answer is then "").
        max: most values; 1 means the answer is a single value (unused for a text).
        kind: ``"pick"`` (from the options) or ``"text"`` (typed words).
        max_length: the most characters of a text (after trimming).
        lines: whether a text may hold several lines (newlines and tabs); any other
            control character is always refused, as in notes.
        value: a text's current value, to start the input from (an edit of a name).
    """

    name: str
    prompt: str
    options: tuple[tuple[str, str], ...] = ()
    min: int = 1
    max: int = 1
    kind: str = "pick"
    max_length: int = 200
    lines: bool = False
    value: str = ""

    def check(self, answer: Any) -> Any:
        """The answer checked against the options (a text: its length and characters).

        Raises:
            RuleError: not an option, or too few or too many picked; a text that is not
                text, too short or long, or holds a control character.
        """
        if self.kind == "text":
            return self._check_text(answer)
        values = [v for v, _ in self.options]
        if self.max == 1:
            if answer is None:
                if self.min == 0:
                    return None
                raise RuleError(f"{self.prompt}: pick one of {', '.join(values)}")
            if isinstance(answer, list | tuple):
                if len(answer) != 1:
                    raise RuleError(f"{self.prompt}: pick exactly one")
                answer = answer[0]
            if answer not in values:
                raise RuleError(f"{self.prompt}: {answer!r} is not one of {', '.join(values)}")
            return answer
        picked = [] if answer is None else (
            [answer] if isinstance(answer, str) else list(answer))
        for a in picked:
            if a not in values:
                raise RuleError(f"{self.prompt}: {a!r} is not one of {', '.join(values)}")
        if len(set(picked)) != len(picked):
            raise RuleError(f"{self.prompt}: each may be picked once")
        if not self.min <= len(picked) <= self.max:
            raise RuleError(f"{self.prompt}: pick from {self.min} to {self.max}, "
                            f"not {len(picked)}")
        return picked

    def _check_text(self, answer: Any) -> str:
        if answer is None:
            answer = ""
        if not isinstance(answer, str):
            raise RuleError(f"{self.prompt}: type words, not {type(answer).__name__}")
        text = answer.replace("\r\n", "\n").strip()
        for ch in text:
            if self.lines and ch in "\n\t":
                continue
            if control_problem(self.prompt, ch):
                raise RuleError(f"{self.prompt}: no control characters (such as {ch!r})")
        if len(text) > self.max_length:
            raise RuleError(f"{self.prompt}: at most {self.max_length} characters, "
                            f"not {len(text)}")
        if len(text) < self.min:
            raise RuleError(f"{self.prompt}: at least {self.min} characters")
        return text

    def to_json(self) -> dict:
        """The choice as JSON values (a text: its ``kind``, ``max_length`` and ``lines``)."""
        out = {"prompt": self.prompt, "min": self.min, "max": self.max,
               "values": [v for v, _ in self.options],
               "labels": [lab for _, lab in self.options]}
        if self.kind == "text":
            out.update(kind="text", max_length=self.max_length, lines=self.lines,
                       value=self.value)
        return out


@dataclass(frozen=True)
class Move:
    """Something a seat may do now.

    Attributes:
        id: stable for the position (``roll``, ``cash_rep``); what ``d6tui play`` takes.
        label: the move in a few words for menus ("Roll 6 dice").
        run: ``run(state, dice, **answers_and_rolls) -> event payload``; raises RuleError.
        seat: who makes it (None: anyone, such as a GM tool).
        choices: what must be picked first.
        dice: what it rolls, asked before it runs (app dice or typed at the table).
        key: the key a screen binds to it, if any.
        section: the rulebook section it follows.
    """

    id: str
    label: str
    run: Callable[..., dict]
    seat: Seat = None
    choices: tuple[Choice, ...] = ()
    dice: tuple[DiceRequest, ...] = ()
    key: str | None = None
    section: str = ""

    def to_json(self) -> dict:
        """The move as JSON values (``d6tui moves --json``): ``id``, ``label``, ``seat``,
        ``choices`` and ``dice``. ``seat`` is numbered for people, as ``--seat`` takes it (1
        is the first seat; null for a move of no seat), not from 0 as :attr:`seat` is."""
        return {"id": self.id, "label": self.label,
                "seat": None if self.seat is None else self.seat + 1,
                "choices": {c.name: c.to_json() for c in self.choices},
                "dice": [d.to_json() for d in self.dice],
                **({"section": self.section} if self.section else {})}


def find_move(moves: Sequence[Move], move_id: str, why: str = "") -> Move:
    """The move with ``move_id``.

    Args:
        why: the rule that forbids that move now, with its section, when the game can say
            (:attr:`GameDefinition.why_not`); it goes in the message.

    Raises:
        RuleError: no such move now (the message gives ``why`` and lists the legal ones).
    """
    for m in moves:
        if m.id == move_id:
            return m
    legal = ", ".join(m.id for m in moves) or "none"
    because = f": {why}" if why else ""
    raise RuleError(f"'{move_id}' is not a legal move now{because}; the legal moves are: "
                    f"{legal}")


def fill_rolls(move: Move, dice: Dice, typed: Mapping[str, Any] | None = None) -> dict:
    """The rolls of a move's dice requests: typed faces where given, else the app's dice.

    Args:
        typed: request name -> the faces typed ("3 5 h s j"), or a roll a dice prompt made
            and checked already; a missing name is rolled by the app.

    Raises:
        DiceError: typed faces of the wrong count or not on the die.
    """
    typed = dict(typed or {})
    out = {}
    for req in move.dice:
        text = typed.pop(req.name, None)
        if isinstance(text, Mapping):  # checked already by a dice prompt
            out[req.name] = dict(text)
        elif text is not None and req.total_ok and isinstance(req.die, Pips) and is_total(text):
            out[req.name] = parse_typed_total(text, req.count, req.die.sides)
        elif text is not None:
            out[req.name] = req.die.parse(text, req.count)
        else:
            out[req.name] = req.die.roll(dice, req.count)
    if typed:
        raise DiceError(f"this move rolls no dice named {', '.join(typed)}")
    return out


# -- the definition ---------------------------------------------------------------------------


def _no_moves(state: Any, seat: Seat) -> list[Move]:
    return []


def _everything(state: Any, seat: Seat) -> Any:
    return state


def _one_seat(state: Any) -> tuple[str, ...]:
    return ("player",)


@dataclass(frozen=True)
class GameDefinition:
    """What the engine and the UI need from a game; every callable is pure.

    Attributes:
        slug: short name used in files and on the command line ("shooter").
        name: the game's full name.
        event_types: every event type the game writes.
        check_options: ``options -> options``, the game's own checks after the schema's;
            raises RuleError.
        start: ``(options, dice) -> payload`` of the first event.
        new_state: ``options -> state`` before any event.
        fold: ``(state, event) -> state``; raises EventError for an event never valid.
        describe: ``(event, state_before) -> str``, the event in words for the log view.
        describe_for: ``(event, state_before, seat) -> str``, the event in words for one
            seat (None: a spectator), for a game whose ``describe`` tells more than some
            seat's view holds (the GM's numbers); a shared table gives each seat its own
            line. None: every seat reads ``describe``'s words.
        status: ``state -> str``, one line: whose turn, or who won.
        is_over: ``state -> bool``.
        to_json: ``state -> dict`` of JSON values (``d6tui replay --json``).
        default_title: ``options -> str`` for a new game.
        export_markdown: ``session -> str``, the game's full record as Markdown, every event in
            words with notes at their place (``d6tui export --format record``; None: the
            generic record).
        export_journal: ``session -> str``, the game as a journal in Markdown: the player's
            notes with the mechanics under them (``--format markdown`` and ``html``; None:
            the record).
        report: ``state -> str`` for ``d6tui replay`` (None: the top-level values of to_json).
        options: the options schema (the seed is added by the engine for every game).
        moves: ``(state, seat) -> [Move]``, the legal moves of a seat now.
        view: ``(state, seat) -> state``, what a seat may see (None: a spectator); hidden
            things are absent from it.
        seats: ``state -> (name, ...)``, the seats of a game in play.
        seat_to_move: ``state -> seat``, the seat whose move the game waits for (None: any).
        why_not: ``(state, seat, move_id) -> str``, the rule (with its section) that forbids
            a move that is not legal now, or "" when the game cannot say (None: never says).
        blurb: one line for the home screen.
        where: ``state -> dict``, where the game is now, as a note anchors to it: always a
            human ``label`` (str) plus the game's own keys (``{"day": 3, "event": "E05",
            "label": "Day 3 · E05"}``); None values are left out. None (no hook): the
            number of moves made.
        table_dice_words: ``(event, state) -> str``, a ``table_dice`` event in the game's
            words, for a game that reads its seats by side; None: the engine's words
            ("table dice for Ann; d6tui rolls the rest").
        computer: ``(seen, seat, moves) -> (move id, answers)``, the game's computer
            player for ``seat``: ``seen`` is ``view(state, seat)`` (it never reads more) and
            ``moves`` the seat's legal moves now; a shared table plays a seat handed to it
            with this (None: the game has no computer player).
        computer_seats: ``state -> set of seats``, the seats the game's own options give
            to the computer (a vs-computer game); whatever makes a person's move without a
            screen then lets ``computer`` play them (:mod:`d6tui.engine.computer_turns`).
            None: no seat is the computer's but at a shared table.
        sealed: ``(state, event) -> str``, why ``event`` (the latest effective game event,
            whose outcome ``state`` is) may not be undone, or "" when it may. A game with
            hidden information uses it once something has been shown that an undo cannot
            hide again (the sides shown at the end); None: every event may be undone.
    """

    slug: str
    name: str
    event_types: frozenset[str]
    check_options: Callable[[dict], dict]
    start: Callable[[dict, Dice], dict]
    new_state: Callable[[dict], Any]
    fold: Callable[[Any, dict], Any]
    describe: Callable[[dict, Any], str]
    status: Callable[[Any], str]
    is_over: Callable[[Any], bool]
    to_json: Callable[[Any], dict]
    default_title: Callable[[dict], str]
    export_markdown: Callable[[Any], str] | None = None
    export_journal: Callable[[Any], str] | None = None
    report: Callable[[Any], str] | None = None
    options: tuple[OptionField, ...] = ()
    moves: Callable[[Any, Seat], list[Move]] = _no_moves
    view: Callable[[Any, Seat], Any] = _everything
    seats: Callable[[Any], tuple[str, ...]] = _one_seat
    seat_to_move: Callable[[Any], Seat] = lambda state: 0
    why_not: Callable[[Any, Seat, str], str] | None = None
    blurb: str = ""
    where: Callable[[Any], dict] | None = None
    table_dice_words: Callable[[dict, Any], str] | None = None
    computer: Callable[[Any, int, list[Move]], tuple[str, dict]] | None = None
    computer_seats: Callable[[Any], Iterable[int]] | None = None
    sealed: Callable[[Any, dict], str] | None = None
    describe_for: Callable[[dict, Any, Seat], str] | None = None
    #: The version of the game's events it writes now; an event says its own as ``v``
    #: (left out for version 1).
    schema: int = 1
    #: ``{n: upcast}``: each brings an event of version n to n + 1, chained at load.
    upcasters: Mapping[int, Callable[[dict], dict]] = field(default_factory=dict)

    def checked_options(self, options: Mapping[str, Any]) -> dict:
        """The options checked by the schema, then by the game.

        Raises:
            RuleError: a value breaks the schema or the game's setup rules.
        """
        return self.check_options(check_schema(self.options, options))


#: The event key of a game event's schema version (DESIGN "The log": upcasters).
SCHEMA_KEY = "v"


def upcast(rules: GameDefinition, event: dict) -> dict:
    """``event`` brought to the game's current schema by its chain of upcasters.

    Raises:
        EventError: the event is of a newer schema than this d6tui knows, or no upcaster
            leads from its version.
    """
    v = event.get(SCHEMA_KEY, 1)
    if v == rules.schema:
        return event
    if not isinstance(v, int) or isinstance(v, bool) or v < 1 or v > rules.schema:
        raise EventError(f"the event is of version {v!r} of {rules.name}'s events; this d6tui "
                         f"reads up to {rules.schema}: update d6tui to open it")
    out = dict(event)
    while v < rules.schema:
        step = rules.upcasters.get(v)
        if step is None:
            raise EventError(f"no way to read version {v} of {rules.name}'s events")
        out = step(out)
        v += 1
    out[SCHEMA_KEY] = v
    return out


#: The name kept for code written before the definition had moves and views.
GameRules = GameDefinition


@dataclass(frozen=True)
class GameEntry:
    """A game as the home screen and the command line list it, without importing its rules.

    A game package's ``__init__.py`` holds one of these as ``GAME``.

    Attributes:
        slug: the game's short name (the package's name).
        name: its full name.
        blurb: one line for the home screen.
        definition_at: ``"module:NAME"`` of its :class:`GameDefinition`.
        screen: ``"module:Class"`` of its Textual screen; None uses the generic screen that
            lists the moves.
        setup: ``"module:Class"`` of its own new-game widget; None builds the form from the
            options schema.
        short: a short name for narrow columns (the saves lists' Game column); "" when the
            full name is short enough (:attr:`short_name`).
    """

    slug: str
    name: str
    blurb: str
    definition_at: str
    screen: str | None = None
    setup: str | None = None
    short: str = ""

    @property
    def short_name(self) -> str:
        """The name for a narrow column: :attr:`short`, or the full name when none is set."""
        return self.short or self.name

    def definition(self) -> GameDefinition:
        """Import and return the game's definition (cached by Python's module cache).

        Raises:
            TypeError: the named object is not a GameDefinition.
        """
        obj = load_object(self.definition_at)
        if not isinstance(obj, GameDefinition):
            raise TypeError(f"{self.definition_at} is not a GameDefinition")
        return obj


def load_object(where: str, default: str = "RULES") -> Any:
    """The object named ``"package.module:NAME"`` (``NAME`` left out: ``default``)."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name or default)
