"""The command line of every game's moves: ``d6tui new``, ``moves``, ``play``, ``view`` and
``note``.

These use the same game definition the screens use (``moves(state, seat)``,
``view(state, seat)``, :meth:`~d6tui.engine.session.Session.play`), so any game can be played
by a script, a bot or by post. Bad input prints one line and exits 2 (:mod:`d6tui.cli`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.engine.game import GameDefinition, OptionField


def add_commands(sub: Any, common: argparse.ArgumentParser, parser_class: type) -> None:
    """Add ``new``, ``moves``, ``play``, ``view`` and ``note`` to the sub-command parsers."""
    new = sub.add_parser("new", parents=[common], add_help=False,
                         help="start a new game (d6tui new GAME --help lists its options)")
    new.add_argument("game", nargs="?", metavar="GAME",
                     help="which game (d6tui new GAME --help for its options)")
    new.add_argument("rest", nargs=argparse.REMAINDER, metavar="OPTIONS",
                     help=argparse.SUPPRESS)

    mv = sub.add_parser("moves", parents=[common], help="list the legal moves of a save")
    mv.add_argument("file", type=Path)
    mv.add_argument("--seat", help="whose moves (a name or number; default: whose turn)")
    mv.add_argument("--json", action="store_true", help="print them as JSON")

    pl = sub.add_parser("play", parents=[common],
                        help="make one move in a save (ids from d6tui moves)")
    pl.add_argument("file", type=Path)
    pl.add_argument("move", help="the move's id")
    pl.add_argument("--seat", help="who makes it (default: whose turn)")
    pl.add_argument("--choice", action="append", default=[], metavar="NAME=VALUE",
                    help="a choice's answer; repeat, or VALUE,VALUE where several are picked")
    pl.add_argument("--dice", action="append", default=[], metavar="[NAME=]FACES",
                    help="faces rolled at the table ('3 5', 'h s j'); the app rolls the rest")
    pl.add_argument("--json", action="store_true", help="print the event as JSON")

    vw = sub.add_parser("view", parents=[common], help="print what one seat may see")
    vw.add_argument("file", type=Path)
    vw.add_argument("--seat", help="a name or number; 'spectator' sees what every seat may")
    vw.add_argument("--json", action="store_true", help="as JSON (the default)")

    nt = sub.add_parser("note", parents=[common],
                        help="write a note in a save where the game is now, or edit one")
    nt.add_argument("file", type=Path)
    nt.add_argument("text", help="the note ('-' reads it from stdin, several lines); with "
                    "--edit, empty text removes the note")
    nt.add_argument("--edit", type=int, metavar="N",
                    help="edit note #N instead of writing a new one: a note keeps the number "
                    "it was first written with, as the app's notes list (ctrl+n) and the log "
                    "show it")
    nt.add_argument("--json", action="store_true", help="print the event as JSON")


# -- d6tui new ----------------------------------------------------------------------------


def _flag(f: OptionField) -> str:
    return "--" + f.name.replace("_", "-")


def _metavar(f: OptionField) -> str:
    """A flag's placeholder from its field's kind: ``N``, ``TEXT``, ``NAME,NAME``, or the
    choices (``a|b|c``; ``CHOICE`` when they are many)."""
    if f.kind == "int":
        return "N"
    if f.kind == "names":
        return "NAME,NAME"
    if f.choices:
        values = [str(v) for v, _ in f.choices]
        return "|".join(values) if len(values) <= 4 else "CHOICE"
    return "TEXT"


def new_parser(rules: GameDefinition, common: argparse.ArgumentParser,
               parser_class: type) -> argparse.ArgumentParser:
    """The flags of ``d6tui new SLUG``, made from the game's options schema."""
    p = parser_class(prog=f"d6tui new {rules.slug}", parents=[common],
                     description=f"Start a new game of {rules.name}.")
    for f in rules.options:
        if f.name in ("seed", "title"):
            continue
        extra = f" (one of: {', '.join(v for v, _ in f.choices)})" if f.choices else ""
        if f.kind == "bool":  # --flag alone says yes; --flag no says no
            p.add_argument(_flag(f), dest=f.name, nargs="?", const="yes", metavar="yes|no",
                           help=f.help or f.label)
            continue
        p.add_argument(_flag(f), dest=f.name, metavar=_metavar(f),
                       help=(f.help or f.label) + extra)
    p.add_argument("--title", help="the game's name (default: made from the options)")
    p.add_argument("--seed", help="seed the app's dice (for reproducible games)")
    p.add_argument("--no-open", action="store_true",
                   help="create the save and print its path instead of opening it")
    return p


def new_options(rules: GameDefinition, args: argparse.Namespace) -> dict[str, Any]:
    """The options typed as flags, read by the schema's fields.

    Raises:
        RuleError: a value is not of its field's type or range.
    """
    options: dict[str, Any] = {}
    for f in rules.options:
        text = getattr(args, f.name, None)
        if text is not None:
            options[f.name] = f.parse(text)
    if args.seed is not None:
        from d6tui.engine.game import SEED_FIELD

        options["seed"] = SEED_FIELD.parse(args.seed)
    return options


# -- moves, play, view ----------------------------------------------------------------------


def seat_of(session: Any, text: str | None, *, default_turn: bool = True) -> Any:
    """A seat typed on the command line: a number (1 is the first seat), a name, or
    ``spectator`` (None); nothing given is the seat whose turn it is (``...`` for
    ``Session.moves``), or a spectator without ``default_turn``.

    Raises:
        RuleError: no such seat (the message lists them).
    """
    rules, state = session.rules, session.state
    if text is None:
        return ... if default_turn else None
    if text.strip().lower() in ("spectator", "none", "-"):
        return None
    seats = list(rules.seats(state))
    if text.isascii() and text.isdigit() and 1 <= int(text) <= len(seats):  # 0-9 only
        return int(text) - 1
    for i, name in enumerate(seats):
        if name.casefold() == text.strip().casefold():
            return i
    numbered = ", ".join(f"{i + 1} {n}" for i, n in enumerate(seats))
    raise RuleError(f"there is no seat '{text}'; the seats are: {numbered}, spectator")


def _computers_seat(session: Any, seat: Any) -> str:
    """The name of ``seat`` (``...``: the seat to move) when the computer plays it, else
    ""."""
    from d6tui.engine.computer_turns import computer_seats

    if seat is ...:
        seat = session.rules.seat_to_move(session.state)
    if seat is None or seat not in computer_seats(session.rules, session.state):
        return ""
    return list(session.rules.seats(session.state))[seat]


def cmd_moves(session: Any, args: argparse.Namespace) -> int:
    """``d6tui moves FILE [--seat S] [--json]``. A computer seat has none to list: the
    computer makes them itself (:func:`cmd_play`)."""
    seat = seat_of(session, args.seat)
    computer = _computers_seat(session, seat)
    moves = [] if computer else session.moves(seat)
    if args.json:
        print(json.dumps([m.to_json() for m in moves], indent=2))
        return 0
    print(session.rules.status(session.state))
    if computer:
        print(f"{computer} is the computer's seat: d6tui makes its moves itself, right "
              "after a person's d6tui play")
    elif not moves and session.rules.is_over(session.state):
        sealed = session.undo_sealed
        print(f"no moves: {sealed[:1].lower()}{sealed[1:]}" if sealed
              else "no moves: the game is over")
    elif not moves:
        print("no moves for this seat now")
    for m in moves:
        line = f"  {m.id:<20} {m.label}"
        if m.dice:
            line += "  [rolls " + ", ".join(d.describe() for d in m.dice) + "]"
        print(line)
        for d in m.dice:
            if getattr(d.die, "cli_syntax", None):
                print(f"      {d.die.cli_syntax}")
        for c in m.choices:
            if c.kind == "text":
                print(f"      --choice {c.name}=TEXT  {c.prompt} (up to {c.max_length} "
                      "characters)")
                continue
            many = f" (pick {c.min}-{c.max})" if c.max > 1 else ""
            print(f"      --choice {c.name}=  {c.prompt}{many}: " + _option_words(c.options))
    return 0


#: Up to this many options, ``d6tui moves`` names each value's meaning ("1 = a quarter turn
#: clockwise"); a longer list (the holes of a board) shows the values alone.
LABELLED_OPTIONS = 8


def _option_words(options: Any) -> str:
    """A choice's options for ``d6tui moves``: ``value = label`` for a short list whose
    labels say more than the values, else the values alone."""
    if len(options) <= LABELLED_OPTIONS and any(str(v) != str(lb) for v, lb in options):
        return ", ".join(f"{v} = {lb}" for v, lb in options)
    return ", ".join(str(v) for v, _ in options)


def _answers(pairs: list[str], move: Any = None) -> dict[str, Any]:
    texts = {c.name for c in getattr(move, "choices", ()) if c.kind == "text"}
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise RuleError(f"--choice takes NAME=VALUE, not '{pair}'")
        if name.strip() in texts:  # typed words, commas and all
            if name.strip() in out:
                raise RuleError(f"--choice {name.strip()} is given twice")
            out[name.strip()] = value
            continue
        values = [v.strip() for v in value.split(",") if v.strip()]
        name = name.strip()
        if name in out:
            prev = out[name] if isinstance(out[name], list) else [out[name]]
            out[name] = prev + values
        else:
            out[name] = values[0] if len(values) == 1 else values
    return out


def _typed(pairs: list[str], move: Any, session: Any = None,
           answers: dict[str, Any] | None = None) -> dict[str, Any]:
    """``--dice`` values by dice request: ``NAME=FACES``, or in the move's order. A move
    whose one request is of a die kind that reads typed rolls against the move itself
    (``read_for_move``: Simple Six's wild-die rolls, named ``attack=``, ``damage=``...) gets
    every value, by the roll's name (the first unnamed one is the move's first roll).

    Raises:
        RuleError: more values than the move rolls sets of dice (or any, for a move that
            rolls none).
        DiceError: faces that do not fit their request; where the move rolls several
            named sets, the message names them and shows the syntax.
    """
    from d6tui.engine.errors import DiceError

    read = getattr(move.dice[0].die, "read_for_move", None) if len(move.dice) == 1 else None
    if read is not None and pairs and session is not None:
        texts: dict[str, str] = {}
        for pair in pairs:
            name, sep, faces = pair.partition("=")
            name = name.strip() if sep else ""
            if name in texts:
                raise RuleError(f"--dice {name or 'FACES'} is given twice; "
                                f"{move.dice[0].die.cli_syntax}")
            texts[name] = faces if sep else pair
        return {move.dice[0].name: read(session, move, answers or {}, texts)}
    out: dict[str, Any] = {}
    names = [d.name for d in move.dice]
    if pairs and not names:
        raise RuleError(f"'{move.id}' rolls no dice, so there is nothing for --dice to "
                        "give; make it without --dice")
    for i, pair in enumerate(pairs):
        name, sep, faces = pair.partition("=")
        if not sep:
            if i >= len(names):
                sets = "1 set" if len(names) == 1 else f"{len(names)} sets"
                raise RuleError(f"'{move.id}' rolls {sets} of dice, but {len(pairs)} "
                                f"were typed; {_dice_syntax(move)}")
            name, faces = names[i], pair
        out[name.strip()] = faces
    for req in move.dice:
        if req.name not in out or len(move.dice) < 2:
            continue
        try:
            req.die.parse(out[req.name], req.count)
        except DiceError as e:
            raise DiceError(f"{e} for {req.name}; {_dice_syntax(move)}") from None
        except (AttributeError, TypeError):
            continue  # a die kind with no parse of its own: the session checks it
    return out


def _dice_syntax(move: Any) -> str:
    """``this move rolls hero1= (1d6) and enemy= (1d8): give each its own --dice, e.g.
    --dice hero1=2 --dice enemy=5``."""
    reqs = list(move.dice)
    rolled = " and ".join(f"{r.name}= ({r.describe()})" for r in reqs)
    example = " ".join(f"--dice {r.name}={' '.join(['1'] * r.count)}" for r in reqs)
    return f"this move rolls {rolled}: give each its own --dice, e.g. {example}"


def cmd_play(session: Any, args: argparse.Namespace) -> int:
    """``d6tui play FILE MOVE [--choice NAME=VALUE ...] [--dice FACES]``.

    A person's move only: a computer seat's move is refused with one line. After the
    move, the computer seats play until a person is to move, as the app does, and each of
    their moves is printed too (with ``--json``, one event a line). A save that already
    waits for the computer (left so by another writer) gets the computer's moves first, and
    the typed move is then not made, since the turn it was typed for has passed. Undo and
    redo against the computer go by the person's turn (:mod:`d6tui.engine.turn_undo`).

    Raises:
        RuleError: a spectator or a computer seat, the move is not legal, or the computer
            had to catch up first.
    """
    from d6tui.engine.computer_turns import computer_seats, play_computer

    seat = seat_of(session, args.seat)
    if seat is None:
        raise RuleError("a spectator makes no moves; name a seat with --seat")
    if seat is not ... and (name := _computers_seat(session, seat)):
        raise RuleError(f"{name} is the computer's seat: d6tui makes its moves itself, "
                        "right after a person's move")
    start = len(session.events)
    if _computers_seat(session, seat):  # the default seat, and the computer is to move
        name = _computers_seat(session, seat)
        play_computer(session)
        _print_events(session, start, args.json)
        raise RuleError(f"it was {name}'s turn, the computer's: it has played it (above), "
                        f"so '{args.move}' was not made; d6tui moves lists the moves now")
    try:
        move = session.find_move(args.move, seat)
    except RuleError as e:
        raise RuleError(f"{e}{_whose_turn(session, seat)}") from None
    comp = computer_seats(session.rules, session.state)
    if move.id in ("undo", "redo"):  # the computer's moves and a batch go together
        from d6tui.engine.turn_undo import redo_turn, undo_turn

        (undo_turn if move.id == "undo" else redo_turn)(session, lambda s: s in comp)
    else:
        answers = _answers(args.choice, move)
        session.play(move, answers, _typed(args.dice, move, session, answers))
    play_computer(session)
    _print_events(session, start, args.json)
    return 0


def _whose_turn(session: Any, seat: Any) -> str:
    """``; it is Ben's turn (seat 2)`` when ``seat`` is not the seat to move, else ``""``."""
    to_move = session.rules.seat_to_move(session.state)
    if seat is ... or to_move is None or seat == to_move:
        return ""
    name = list(session.rules.seats(session.state))[to_move]
    return f"; it is {name}'s turn (seat {to_move + 1})"


def _print_events(session: Any, start: int, as_json: bool) -> None:
    """The events from index ``start`` on: in words with the status after, or as JSON,
    one a line."""
    for i in range(start, len(session.events)):
        if as_json:
            print(json.dumps(session.events[i], default=str))
        else:
            print(session.history_entry(i).text)
    if not as_json:
        print(session.rules.status(session.state))


def cmd_view(session: Any, args: argparse.Namespace) -> int:
    """``d6tui view FILE --seat S [--json]``: the state as that seat may see it.

    ``seat`` in the output is numbered as ``--seat`` takes it (1 is the first seat; null for
    a spectator) and ``seat_name`` names it; ``state`` is the game's own data.
    """
    seat = seat_of(session, args.seat, default_turn=False)
    seen = session.rules.view(session.state, seat)
    seats = list(session.rules.seats(session.state))
    out = {"game": session.rules.slug, "seat": None if seat is None else seat + 1,
           "seat_name": None if seat is None else seats[seat], "seats": seats,
           "status": session.rules.status(seen), "state": session.rules.to_json(seen)}
    json.dump(out, sys.stdout, indent=2, default=str)
    print()
    return 0


def cmd_note(session: Any, args: argparse.Namespace) -> int:
    """``d6tui note FILE TEXT [--edit SEQ]``: a ``note`` event (``Session.write_note``)."""
    if args.text == "-":
        raw = getattr(sys.stdin, "buffer", None)  # bytes, so bad UTF-8 is ours to report
        try:
            text = raw.read().decode("utf-8") if raw is not None else sys.stdin.read()
        except UnicodeDecodeError as e:
            raise RuleError(f"the note read from stdin is not UTF-8 text (byte {e.start + 1} "
                            "is not); save it as UTF-8 and try again") from None
    else:
        text = args.text
    event = session.write_note(text, edits=args.edit)
    if args.json:
        print(json.dumps(event, default=str))
    else:
        print(f"#{event['seq']} {session.history_entry(len(session.events) - 1).text}")
    return 0
