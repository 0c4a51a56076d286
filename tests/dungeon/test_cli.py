"""D6 Dungeon from the command line (made from the definition): new, moves, play, view,
export; what a seat or a spectator is shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine.session import Session


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_new_against_the_computer_and_play_a_turn(isolated: dict[str, Path],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "new", "dungeon", "--players", "Ana", "--vs-computer", "yes",
                         "--seed", "2", "--no-open")
    assert code == 0, err
    path = Path(out.strip())
    s = Session.load(path)
    assert s.state.players == ("Ana", "Computer") and s.state.computer == 1
    code, out, _ = run(capsys, "moves", str(path), "--json")
    moves = json.loads(out)
    assert moves[0]["id"] == "draw" and moves[0]["dice"][0]["die"] == "bag"
    code, out, _ = run(capsys, "play", str(path), "draw", "--dice", "blue")
    assert code == 0 and "Ana drew the blue die" in out
    code, out, _ = run(capsys, "play", str(path), "roll", "--dice", "orc")
    assert "Ana rolled Orc" in out
    code, out, err = run(capsys, "play", str(path), "place", "--choice", "side=door",
                         "--choice", "hole=C3", "--choice", "turns=1")
    assert code == 0, err
    assert "Ana placed the die in C3" in out and "door" not in out.lower()
    code, out, _ = run(capsys, "view", str(path), "--seat", "Computer", "--json")
    seen = json.loads(out)["state"]["holes"]["C3"]
    assert "door" not in seen["faces"] and seen["faces"][1] == "orc"
    code, out, _ = run(capsys, "view", str(path), "--seat", "spectator", "--json")
    assert "orc" not in out and "door" not in out
    code, out, _ = run(capsys, "export", str(path), "--format", "markdown")
    assert code == 0 and "C3" in out and "door" not in out.lower() and "Orc" in out


def test_the_game_is_found_by_discovery() -> None:
    from d6tui.engine.registry import game_info

    entry = game_info("dungeon")
    assert entry.name == "D6 Dungeon" and entry.screen == "d6tui.ui.dungeon.screen:DungeonScreen"
    rules = entry.definition()
    assert [f.name for f in rules.options] == ["players", "vs_computer"]
    assert rules.options[1].kind == "bool"


def test_undo_after_the_end_is_refused_from_the_command_line(
        isolated: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """The end shows both sides: ``d6tui play FILE undo`` says why it cannot go back."""
    from tests.dungeon.helpers import play
    from tests.dungeon.test_rules import _ben_idles, _route_for_ana

    code, out, err = run(capsys, "new", "dungeon", "--players", "Ana,Ben", "--seed", "1",
                         "--no-open")
    assert code == 0, err
    path = Path(out.strip())
    s = Session.load(path)
    _route_for_ana(s)
    play(s, "claim")
    _ben_idles(s)
    assert s.state.over
    code, out, err = run(capsys, "play", str(path), "undo")
    assert code != 0 and "both sides of the waffle have been shown" in err
    assert len(err.strip().splitlines()) == 1
    assert Session.load(path).state.over


def test_moves_names_what_each_orientation_means(isolated: dict[str, Path],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """``d6tui moves`` labels a short list of values (the quarter turns), not the holes."""
    code, out, err = run(capsys, "new", "dungeon", "--players", "Ana,Ben", "--seed", "2",
                         "--no-open")
    path = Path(out.strip())
    run(capsys, "play", str(path), "draw", "--dice", "blue")
    run(capsys, "play", str(path), "roll", "--dice", "orc")
    code, out, _ = run(capsys, "moves", str(path))
    assert "0 = upright, 1 = a quarter turn clockwise, 2 = upside down, " \
        "3 = a quarter turn anticlockwise" in out
    assert "A1, B1, C1" in out  # the 36 holes stay a plain list
