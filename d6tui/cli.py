"""The command line: ``d6tui`` and ``python -m d6tui``.

A bad argument, file or notation prints one line saying what is wrong and exits 2.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, NoReturn

from d6tui import __version__
from d6tui.engine.errors import D6Error, TruncatedLogError
from d6tui.paths import saves_dir

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (try --help)\n")


def _fail(message: str) -> int:
    print(f"d6tui: {message}", file=sys.stderr)
    return EXIT_USAGE


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if not 1 <= n <= 10_000:
        raise argparse.ArgumentTypeError("must be between 1 and 10000")
    return n


def _seed(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if not 0 <= n < 2**63:  # a seed is stored in the save: a TOML integer is 64-bit
        raise argparse.ArgumentTypeError("a seed runs from 0 to 9223372036854775807")
    return n


#: A die code or notation with a minus sign in front (``-1D``, ``-2D+1``, ``-d6``): argparse
#: would read it as an unknown option.
_NEGATIVE_CODE = re.compile(r"^-\d*[dD]\d*([+-]\d+)?$")

#: Put in front of a negative code so argparse takes it as the NOTATION (stripped again).
_SHIELD = " "


def shield_negative_codes(argv: Sequence[str]) -> list[str]:
    """The arguments with every negative die code after ``roll`` marked as a value.

    argparse takes an argument that starts with ``-`` for an option unless it is a plain
    number, so ``d6tui roll --wild -1D`` stopped with "the following arguments are required".
    A leading space makes argparse read it as the positional NOTATION; :func:`cmd_roll` strips
    it. Arguments after ``--`` are left alone (argparse already reads them as values).

    Args:
        argv: the command line, without the program name.

    Returns:
        A new list.
    """
    out = list(argv)
    if "roll" not in out:
        return out
    for i in range(out.index("roll") + 1, len(out)):
        if out[i] == "--":
            break
        if _NEGATIVE_CODE.match(out[i]):
            out[i] = _SHIELD + out[i]
    return out


@cache
def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every sub-command, built once per process (parsing leaves it
    as it was: each parse fills a new namespace)."""
    common = _Parser(add_help=False)
    common.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS,
                        help="folder of save files (default: $D6TUI_SAVES or the user data dir)")
    common.add_argument("--theme", metavar="NAME", default=argparse.SUPPRESS,
                        help="colour theme (d6-dark, d6-light, d6-16color or one of yours)")

    p = _Parser(prog="d6tui", parents=[common],
                description="Play and track d6 tabletop games in the terminal.")
    p.add_argument("--version", action="version", version=f"d6tui {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    from d6tui.cli_play import add_commands

    add_commands(sub, common, _Parser)

    from d6tui.cli_serve import add_serve

    add_serve(sub)

    op = sub.add_parser("open", parents=[common], help="open a save file and play on")
    op.add_argument("file", type=Path)

    sub.add_parser("list", parents=[common], help="list saves: game, title, last played, status")

    rp = sub.add_parser("replay", parents=[common], help="fold a save with no UI; print the state")
    rp.add_argument("file", type=Path)
    rp.add_argument("--json", action="store_true", help="print the final state as JSON")

    rc = sub.add_parser("recover", parents=[common],
                        help="keep every complete event of a save cut off mid-event")
    rc.add_argument("file", type=Path)

    ex = sub.add_parser("export", parents=[common],
                        help="write a save as a journal (markdown, html) or its full record")
    ex.add_argument("file", type=Path)
    ex.add_argument("--format", choices=("markdown", "record", "html"), default="markdown",
                    help="markdown: the journal, your notes with the game's mechanics (only "
                    "6x6 Tales has a journal of its own; for the other games it is their "
                    "record); record: every event in words; html: the journal as one web page")
    ex.add_argument("-o", "--output", type=Path,
                    help="write to this file instead of stdout (never over a d6tui save)")

    ro = sub.add_parser("roll", parents=[common],
                        help="roll dice: 3d6, d20, 2d8+3, d100; or --wild 4D+2 (D6 System)")
    ro.add_argument("notation")
    ro.add_argument("--wild", action="store_true",
                    help="read NOTATION as a D6 System die code (4D, 3D+2) with a wild die")
    ro.add_argument("--wild-one", choices=("counts", "drops", "complication"), default="counts",
                    help="with --wild: what a 1 on the wild die does (Simple Six 'The Wild Die')")
    ro.add_argument("--times", type=_positive, default=1, help="roll it N times")
    ro.add_argument("--seed", type=_seed, help="seed for reproducible rolls")
    ro.add_argument("--json", action="store_true", help='print {"rolls": [{"faces", "total"}]}')
    return p


def _in_saves(path: Path, saves: str | None) -> Path:
    """A save named on the command line: the path as given when it exists, else the file of
    that name in the saves folder (``d6tui export --saves DIR game.toml``), else the path as
    given (its command then says there is no such file)."""
    if path.exists() or path.is_absolute():
        return path
    candidate = saves_dir(saves) / path
    return candidate if candidate.exists() else path


def _resolve(path: Path) -> Path:
    if not path.exists():
        raise FileNotFoundError(path)
    return path


def cmd_roll(args: argparse.Namespace) -> int:
    """``d6tui roll NOTATION [--times N] [--seed S] [--json]``."""
    from d6tui.engine.dice import Dice, parse_notation

    args.notation = args.notation.strip()
    if args.wild:
        return _roll_wild(args)
    notation = parse_notation(args.notation)
    dice = Dice(args.seed)
    rolls = [dice.roll_notation(notation) for _ in range(args.times)]
    if args.json:
        out = {"notation": str(notation),
               "rolls": [{"faces": r["faces"], "total": r["total"]} for r in rolls]}
        print(json.dumps(out))
    else:
        for r in rolls:
            mod = f" {notation.modifier:+d}" if notation.modifier else ""
            faces = " ".join(str(f) for f in r["faces"])
            print(f"{notation}: {faces}{mod} = {r['total']}")
    return 0


def _roll_wild(args: argparse.Namespace) -> int:
    """``d6tui roll --wild 4D+2``: D6 System rolls, one die of each the exploding wild die."""
    from d6tui.engine.dice import Dice
    from d6tui.games.simple_six.wild import describe_roll, roll_wild_notation

    dice = Dice(args.seed)
    options = {"wild_one": args.wild_one}
    rolls = [roll_wild_notation(args.notation, dice, options) for _ in range(args.times)]
    if args.json:
        keep = ("faces", "wild", "pips", "dropped", "complication", "total")
        out = {"notation": rolls[0]["dice"],
               "rolls": [{k: r[k] for k in keep if k in r} for r in rolls]}
        print(json.dumps(out))
    else:
        for r in rolls:
            print(describe_roll(r))
    return 0


def _load(path: Path) -> Any:
    """The save at ``path``, with one warning line on stderr when events in it were edited
    by hand (their end marks do not match): they are read on as they stand, and the rules
    still check them, but nothing hides that the file was changed (README "Saves")."""
    from d6tui.engine.session import Session

    session = Session.load(path)
    if session.edited:
        seqs = ", ".join(map(str, session.edited[:5])) + (
            "..." if len(session.edited) > 5 else "")
        print(f"d6tui: warning: {path}: event {seqs} was changed after d6tui wrote it (its "
              "end mark does not match); read on as it stands", file=sys.stderr)
    return session


def cmd_replay(args: argparse.Namespace) -> int:
    """``d6tui replay FILE [--json]``: fold the log with no UI and print the final state."""
    session = _load(args.file)
    state_json = session.rules.to_json(session.state)
    over = session.rules.is_over(session.state)
    if args.json:
        out: dict[str, Any] = {
            "game": session.rules.slug,
            "title": session.title,
            "events": len(session.events),
            "over": over,
            "status": session.rules.status(session.state),
        }
        if "winner" in state_json:
            out["winner"] = state_json["winner"]
        out["state"] = state_json
        print(json.dumps(out, indent=2, default=str))
    else:
        print(f"{session.title} ({session.rules.name})")
        print(f"{len(session.events)} events; {session.rules.status(session.state)}")
        if session.rules.report is not None:
            print(session.rules.report(session.state))
        else:
            for line in _state_lines(state_json):
                print(line)
    return 0


def _state_lines(state: dict[str, Any], indent: str = "") -> list[str]:
    lines: list[str] = []
    for key, value in state.items():
        if isinstance(value, dict):
            lines.append(f"{indent}{key}:")
            lines.extend(_state_lines(value, indent + "  "))
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            lines.append(f"{indent}{key}:")
            for v in value:
                inner = _state_lines(v, indent + "    ")
                if inner:
                    inner[0] = indent + "  - " + inner[0].lstrip()
                lines.extend(inner)
        elif isinstance(value, list):
            lines.append(f"{indent}{key}: {', '.join(str(v) for v in value) or '-'}")
        else:
            lines.append(f"{indent}{key}: {value}")
    return lines


def cmd_list(args: argparse.Namespace) -> int:
    """``d6tui list``: the saves (one a line: file, game, title, last played and status,
    tab-separated), then a blank line and ``Games:`` with each game's slug and name (the
    games ``d6tui new`` starts, those of ``$D6TUI_GAMES_PATH`` included)."""
    from d6tui.engine.registry import games
    from d6tui.ui.saves_index import scan_saves

    folder = saves_dir(getattr(args, "saves", None))
    if folder.exists() and not folder.is_dir():
        return _fail(f"{folder}: not a folder, so it holds no saves")
    rows = scan_saves(folder)
    if not rows:
        print(f"no saves in {folder}")
    for r in rows:
        status = r.status + (f" ({r.problem})" if r.problem else "")
        print(f"{r.path.name}\t{r.game}\t{r.title}\t{r.when}\t{status}")
    print("\nGames (d6tui new GAME):")
    for g in games():
        print(f"  {g.slug}\t{g.name}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """``d6tui export FILE [--format markdown|record|html] [-o OUT]`` (see
    :mod:`d6tui.exports`)."""
    from d6tui.exports import check_output, render

    if args.output:
        check_output(args.output, args.file)
    session = _load(args.file)
    try:
        text = render(session, args.format)
    finally:
        session.close()
    if args.output:
        from d6tui.engine.log import write_atomic

        check_output(args.output, args.file)  # again: it may have changed while rendering
        write_atomic(args.output, text)  # temp file + rename: never a half-written file
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(text)
    return 0


def cmd_recover(args: argparse.Namespace) -> int:
    """``d6tui recover FILE``: keep the complete events of a log cut off mid-event."""
    from d6tui.engine.errors import LogError
    from d6tui.engine.log import recover
    from d6tui.engine.session import Session

    keep = None
    try:
        Session.load(args.file).close()
    except TruncatedLogError as e:
        keep = e.complete  # what folding found whole (a cut may show only there)
    except LogError:
        pass  # not a cut, perhaps: recover says whether its end is whole
    else:
        print(f"nothing to recover: {args.file} is whole; it was left as it is")
        return 0
    backup, kept = recover(args.file, keep)
    if backup is None:
        print(f"nothing to recover: the end of {args.file} is whole; it was left as it is")
        return 0
    events = "1 complete event" if kept == 1 else f"{kept} complete events"
    print(f"kept {events} in {args.file}; the damaged file was copied to {backup}")
    return 0


def _common_parser() -> argparse.ArgumentParser:
    common = _Parser(add_help=False)
    common.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS)
    common.add_argument("--theme", metavar="NAME", default=argparse.SUPPRESS)
    return common


def cmd_new(args: argparse.Namespace) -> int:
    """``d6tui new GAME [options] [--no-open]``: create the save; open it in the app, or
    with ``--no-open`` print its path. The flags come from the game's options schema."""
    from d6tui.cli_play import new_options, new_parser
    from d6tui.engine.registry import load_rules
    from d6tui.engine.session import Session
    from d6tui.paths import new_save_path

    if args.game is None:
        return _new_usage(asked=False)
    rules = load_rules(args.game)
    flags = new_parser(rules, _common_parser(), _Parser).parse_args(args.rest)
    for key in ("saves", "theme"):
        if getattr(flags, key, None) is not None:
            setattr(args, key, getattr(flags, key))
    if getattr(args, "theme", None):
        _check_theme(args.theme)
    options = rules.checked_options(new_options(rules, flags))  # fail before the UI starts
    folder = saves_dir(getattr(args, "saves", None))
    title = flags.title or rules.default_title(options)
    path = new_save_path(folder, title)
    session = Session.new(rules, options, path=path, title=title)
    if flags.no_open:  # a computer seat first to move plays now, as the app would on open
        from d6tui.engine.computer_turns import play_computer

        play_computer(session)
    session.close()
    if flags.no_open:
        print(path)
        return 0
    return _run_ui(args, open_path=path)


def _new_usage(*, asked: bool) -> int:
    """``d6tui new`` with no game, or ``--help``: the games and how to see their options."""
    from d6tui.engine.registry import games

    lines = ["usage: d6tui new GAME [options] [--title T] [--seed N] [--no-open]", "",
             "games:"]
    lines += [f"  {g.slug:<12} {g.name}" for g in games()]
    lines += ["", "d6tui new GAME --help lists that game's options."]
    if asked:
        print("\n".join(lines))
        return 0
    print("d6tui new: name a game: " + ", ".join(g.slug for g in games())
          + " (d6tui new GAME --help lists its options)", file=sys.stderr)
    return EXIT_USAGE


def _with_session(run: Any) -> Any:
    def command(args: argparse.Namespace) -> int:
        session = _load(args.file)
        try:
            return run(session, args)
        finally:
            session.close()

    command.__doc__ = run.__doc__
    return command


def cmd_open(args: argparse.Namespace) -> int:
    """``d6tui open FILE``: open a save in the app.

    A file that is not a d6tui save at all is refused here, in one line; a save cut off
    mid-event, or whose events do not fit, opens in the app, which explains and offers to
    keep what is whole.
    """
    from d6tui.engine.log import LogReader

    _resolve(args.file)
    try:
        LogReader(args.file).close()  # the header: is this a d6tui save?
    except TruncatedLogError:
        pass
    return _run_ui(args, open_path=args.file)


def _check_theme(name: str) -> None:
    """Refuse an unknown ``--theme`` whatever the command (the list names the valid ones)."""
    from d6tui.ui.themes import load_themes

    themes, _ = load_themes()
    if name not in themes:
        raise ValueError(f"there is no theme '{name}'; the themes are: {', '.join(themes)}")


def _run_ui(args: argparse.Namespace, open_path: Path | None = None) -> int:
    from d6tui.ui.app import run_app

    return run_app(
        saves=saves_dir(getattr(args, "saves", None)),
        theme=getattr(args, "theme", None),
        open_path=open_path,
    )


def _serve(args: argparse.Namespace) -> int:
    from d6tui.cli_serve import cmd_serve

    return cmd_serve(args)


def _play_commands() -> dict[str, Any]:
    from d6tui.cli_play import cmd_moves, cmd_note, cmd_play, cmd_view

    return {"moves": _with_session(cmd_moves), "play": _with_session(cmd_play),
            "view": _with_session(cmd_view), "note": _with_session(cmd_note)}


COMMANDS = {
    "roll": cmd_roll,
    "replay": cmd_replay,
    "list": cmd_list,
    "recover": cmd_recover,
    "export": cmd_export,
    "new": cmd_new,
    "open": cmd_open,
    "serve": _serve,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad input)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["new"] and (len(argv) == 1 or argv[1] in ("-h", "--help")):
        return _new_usage(asked=len(argv) > 1)
    args = build_parser().parse_args(shield_negative_codes(argv))
    try:
        if getattr(args, "theme", None):
            _check_theme(args.theme)
        if isinstance(getattr(args, "file", None), Path):
            args.file = _in_saves(args.file, getattr(args, "saves", None))
        if args.command is None:
            return _run_ui(args)
        command = COMMANDS.get(args.command) or _play_commands()[args.command]
        return command(args)
    except TruncatedLogError as e:
        if args.command == "recover":
            return _fail(str(e))
        return _fail(f"{e} (d6tui recover FILE keeps the complete events)")
    except D6Error as e:
        return _fail(str(e))
    except FileNotFoundError as e:
        return _fail(f"{e.args[0] if e.args else e}: no such file")
    except ValueError as e:  # e.g. an unknown theme name from the UI layer
        return _fail(str(e))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `d6tui replay FILE | head`: the reader left; not an error
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as e:  # a read-only or full disk, a folder that cannot be made
        where = f"{e.filename}: " if e.filename else ""
        return _fail(f"{where}{e.strerror or e}")
    except RecursionError:  # pragma: no cover - the loader's limits stop deep nesting first
        return _fail("a file nests too deep to be read")
