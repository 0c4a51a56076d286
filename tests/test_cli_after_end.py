"""The command line after a game ends offers what the app's keys do then: undo (and redo)
in every game, and 6x6 Tales's names written after the end (E17)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine.session import Session

SAVES = Path(__file__).resolve().parent.parent / "saves"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def _copy(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    shutil.copy(SAVES / name, path)
    return path


@pytest.mark.parametrize("name", ["tales-example.toml", "shooter-example.toml",
                                  "d6-board-example.toml"])
def test_undo_after_the_end(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                            name: str) -> None:
    path = _copy(tmp_path, name)
    session = Session.load(path)
    assert session.rules.is_over(session.state)
    count = len(session.events)
    code, out, err = run(capsys, "moves", str(path))
    assert code == 0, err
    assert "  undo " in out and "no moves" not in out
    code, out, err = run(capsys, "play", str(path), "undo")
    assert code == 0, err
    assert out.startswith(f"undid #{count}")
    code, out, err = run(capsys, "play", str(path), "redo")
    assert code == 0, err
    again = Session.load(path)
    assert out.startswith(f"redid #{count}") and again.rules.is_over(again.state)


def test_tales_names_after_the_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _copy(tmp_path, "tales-example.toml")
    session = Session.load(path)
    app_moves = [m.id for m in session.moves(0)]  # what the naming keys offer (v, o, i)
    assert "name_monster" in app_moves and "undo" in app_moves
    assert [m.id for m in session.moves()] == app_moves
    code, out, err = run(capsys, "play", str(path), "name_place", "--choice", "square=I-2",
                         "--choice", "name=Gull Rock")
    assert code == 0, err
    from d6tui.games.tales import island

    square = next(i for i in range(36) if island.name(i) == "I-2")
    assert Session.load(path).state.squares[square].name == "Gull Rock"


def test_a_sealed_end_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _copy(tmp_path, "dungeon-example.toml")
    code, out, err = run(capsys, "moves", str(path))
    assert code == 0, err
    assert "no moves: the game is over and both sides of the waffle" in out
    code, _, err = run(capsys, "play", str(path), "undo")
    assert code == 2 and "cannot be undone" in err
