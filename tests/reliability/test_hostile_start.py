"""A save whose first event was edited to size the game in the millions is refused in one
line, before anything is built from it (README "damaged, hostile ... file is refused")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from d6tui.cli import main

#: The child's address-space cap: loading the app takes a few hundred MiB; a bag of 600
#: million Dungeon dice took 23 GB before the check.
LIMIT = 1536 * 2**20

CHILD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from d6tui.cli import main
sys.exit(main(["moves", sys.argv[1]]))
"""

CASES = [
    (["new", "dungeon", "--players", "Ana,Ben"], "dice_each = 6\n",
     "dice_each = 100000000\n", "dice_each must be 6"),
    (["new", "tales", "--race", "elf"], "days_per_week = 6,", "days_per_week = 100000000,",
     "days_per_week must be 1 to"),
    (["new", "tales", "--race", "elf"], "{ week = 4, day = 1,", "{ week = 4000000, day = 1,",
     "off the calendar"),
    (["new", "d6_board", "--players", "Ann,Bo"], "count = 4,", "count = 100000000,",
     "count must be a whole number"),
    (["new", "d6_board", "--players", "Ann,Bo"], "tokens = 6,", "tokens = 100000000,",
     "tokens must be a whole number"),
]


@pytest.mark.parametrize(("argv", "old", "new", "reason"), CASES)
def test_a_huge_size_in_the_start_event_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        argv: list[str], old: str, new: str, reason: str) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "conf"))
    assert main([*argv, "--seed", "1", "--no-open"]) == 0
    save = Path(capsys.readouterr().out.strip())
    text = save.read_text(encoding="utf-8")
    assert old in text
    save.write_text(text.replace(old, new, 1), encoding="utf-8")
    child = subprocess.run(
        [sys.executable, "-c", CHILD.format(limit=LIMIT), str(save)],
        capture_output=True, text=True, timeout=120,
        env={"XDG_DATA_HOME": str(tmp_path / "data"),
             "XDG_CONFIG_HOME": str(tmp_path / "conf"), "PATH": "/usr/bin:/bin"})
    assert child.returncode == 2, child.stderr[-2000:]
    assert child.stdout == ""
    lines = child.stderr.strip().splitlines()
    assert len(lines) == 1 and reason in lines[0] and str(save.name) in lines[0], lines


def test_an_edited_event_that_still_fits_is_read_with_a_warning(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """An event whose end mark no longer matches is read on (the rules still check it), and
    the command line says so in one warning line; a refused one says it was edited."""
    assert main(["new", "dungeon", "--players", "Ana,Cy", "--saves", str(tmp_path),
                 "--seed", "1", "--no-open"]) == 0
    save = Path(capsys.readouterr().out.strip())
    text = save.read_text(encoding="utf-8")
    head, cy, tail = text.rpartition('"Cy"')  # the event's copy, not the header's
    assert cy and "[[events]]" in head
    save.write_text(head + '"Dee"' + tail, encoding="utf-8")
    assert main(["moves", str(save)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Ana's turn 1")
    assert err.count("\n") == 1 and "warning" in err and "event 1 was changed" in err
    save.write_text(text.replace("dice_each = 6\n", "dice_each = 7\n", 1), encoding="utf-8")
    assert main(["moves", str(save)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "dice_each must be 6" in err
    assert "its end mark does not match" in err
