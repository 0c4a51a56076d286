"""A hand-edited save whose title holds control characters (a terminal escape, a bell) is
refused in one line, by every command that reads it, with no raw escape on the terminal:
before, ``d6tui list``, ``replay`` and ``export`` printed the title's escapes as they were
(a screen clear and a window title set by a file). A ``retitled`` event is held to the
same rule."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine.errors import EventError, LogError
from d6tui.engine.session import Session

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "shooter-example.toml"
EVIL = "Evil \\u001b[2J\\u001b]0;pwned\\u0007 game"


def _evil_save(folder: Path) -> Path:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert 'title = "Example game"' in text
    path = folder / "evil.toml"
    path.write_text(text.replace('title = "Example game"', f'title = "{EVIL}"', 1),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["list", "replay", "export"])
def test_a_title_with_escapes_is_refused_without_reaching_the_terminal(
        saves: Path, command: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = _evil_save(saves)
    args = [command] if command == "list" else [command, str(path)]
    try:
        rc = main(args)
    except SystemExit as e:
        rc = e.code
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err and "\x07" not in out + err
    assert "title cannot hold control characters" in out + err
    assert rc == (0 if command == "list" else 2)
    if command != "list":
        assert len(err.strip().splitlines()) == 1, err
    with pytest.raises(LogError, match="control characters"):
        Session.load(path)


def test_a_retitled_event_with_an_escape_is_refused(saves: Path) -> None:
    path = Path(shutil.copy(EXAMPLE, saves / "ok.toml"))
    text = path.read_text(encoding="utf-8").rstrip("\n")
    last = max(int(line.split("=")[1]) for line in text.splitlines() if line.startswith("seq ="))
    path.write_text(text + f'\n\n[[events]]\nseq = {last + 1}\ntype = "retitled"\n'
                    'at = 2026-11-29T15:00:00Z\ntitle = "x\\u001b[2J"\n', encoding="utf-8")
    with pytest.raises((LogError, EventError), match="control characters"):
        Session.load(path)
