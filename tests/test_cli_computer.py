"""The computer seats from the command line, for every game that has them: after a
person's ``d6tui play`` the computer plays until a person is to move, and its seat is never
played or listed as a person's (the dungeon's own case is in tests/dungeon/test_cli.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine.computer_turns import computer_seats, computer_to_move
from d6tui.engine.registry import load_rules
from d6tui.engine.session import Session


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_game_with_a_computer_player_says_its_computer_seats() -> None:
    for slug in ("dungeon", "d6_board"):
        rules = load_rules(slug)
        assert rules.computer is not None and rules.computer_seats is not None


def test_the_board_games_computer_hunter_plays_after_each_person(
        isolated: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "new", "d6_board", "--players", "Ann,Bot", "--computers",
                         "Bot", "--seed", "2", "--no-open", "--title", "b1")
    assert code == 0, err
    path = out.strip()
    s = Session.load(path)
    assert computer_seats(s.rules, s.state) == {1}
    s.close()
    code, out, err = run(capsys, "moves", path, "--seat", "Bot")
    assert code == 0 and "Bot is the computer's seat" in out
    code, out, err = run(capsys, "play", path, "roll_stat", "--seat", "Bot")
    assert code == 2 and "Bot is the computer's seat" in err and err.count("\n") == 1
    code, out, err = run(capsys, "play", path, "choose", "--choice", "klass=slayer",
                         "--choice", "hero=H01", "--choice", "board=ruby")
    assert code == 0, err
    s = Session.load(path)
    assert s.state.heroes[1].klass and s.state.heroes[1].board  # the computer chose
    s.close()
    bot_moved = 0
    for _ in range(60):  # Ann plays her first listed move; the computer follows each time
        code, out, _ = run(capsys, "moves", path, "--json")
        moves = [m for m in json.loads(out) if m["id"] not in ("undo", "redo")]
        s = Session.load(path)
        assert computer_to_move(s) is None  # never left waiting for the computer
        over = s.rules.is_over(s.state)
        s.close()
        if over or not moves:
            break
        m = moves[0]
        argv = ["play", path, m["id"]]
        for name, c in m["choices"].items():
            if "values" not in c:  # typed text
                argv += ["--choice", f"{name}=x"]
                continue
            picks = [str(v) for v in c["values"]][:max(1, c["min"])]
            argv += ["--choice", f"{name}={','.join(picks)}"]
        code, out, err = run(capsys, *argv)
        assert code == 0, (argv, err)
        bot_moved += sum(1 for line in out.splitlines()[1:-1] if line.startswith("Bot"))
    assert bot_moved > 0


def test_a_computer_first_to_move_plays_when_the_save_is_made(
        isolated: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "new", "d6_board", "--players", "Bot,Ann", "--computers",
                         "Bot", "--seed", "2", "--no-open")
    assert code == 0, err
    path = out.strip()
    s = Session.load(path)
    assert s.state.heroes[0].klass and computer_to_move(s) is None
    s.close()
    code, out, err = run(capsys, "moves", path)
    assert code == 0 and "  choose" in out
