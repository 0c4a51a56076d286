"""A save refused by the limits (``d6tui.engine.limits``) names the line of the file where
the trouble is (values nested too deep, a dotted key of too many parts, a line too long), not
the first line of its header or event block; with no line known it names none."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine import limits
from d6tui.engine.errors import LogError
from d6tui.engine.session import Session

DEEP = "x = " + "[" * 40 + "1" + "]" * 40


@pytest.fixture
def save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> list[str]:
    """A new D6 Shooter save's lines (its first event block starts after ``[[events]]``)."""
    monkeypatch.setenv("D6TUI_SAVES", str(tmp_path))
    assert main(["new", "shooter", "--players", "Ana,Ben", "--seed", "1", "--no-open"]) == 0
    path = Path(capsys.readouterr().out.strip())
    lines = path.read_text().split("\n")
    path.unlink()
    return lines


def refused(tmp_path: Path, lines: list[str]) -> LogError:
    path = tmp_path / "hostile.toml"
    path.write_text("\n".join(lines))
    with pytest.raises(LogError) as e:
        Session.load(path)
    return e.value


def test_deep_nesting_in_the_header_names_its_own_line(tmp_path: Path,
                                                      save: list[str]) -> None:
    at = save.index("[[events]]") - 1  # the blank line before the first block
    lines = save[:at] + ["note = '''one", "two", "three'''", DEEP] + save[at:]
    e = refused(tmp_path, lines)
    assert "nested more than" in e.reason and e.seq is None
    assert e.line == at + 4 and lines[e.line - 1] == DEEP  # not line 1
    assert f": line {at + 4}: " in str(e)


def test_deep_nesting_in_an_event_names_its_own_line(tmp_path: Path, save: list[str]) -> None:
    at = save.index("[[events]]") + 3  # after seq, type and at
    lines = save[:at] + [DEEP] + save[at:]
    e = refused(tmp_path, lines)
    assert "nested more than" in e.reason and e.seq == 1
    assert e.line == at + 1 and lines[e.line - 1] == DEEP


def test_nesting_spread_over_lines_names_the_line_it_goes_too_deep_on(
        tmp_path: Path, save: list[str]) -> None:
    at = save.index("[[events]]") + 3
    spread = ["x = " + "[" * 20, "[" * 10, "# a [ comment", '"]]]" ,' + "[" * 5, "1" + "]" * 35]
    e = refused(tmp_path, save[:at] + spread + save[at:])
    assert e.line == at + 4  # the 33rd opening bracket; strings and comments are not counted


def test_a_dotted_key_and_a_long_line_name_their_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    piece = 'a = """x\ny"""\nb = 1\n' + ".".join(["k"] * 20) + " = 1\n"
    with pytest.raises(LogError, match="dotted key") as e:
        limits.check_piece(Path("x"), piece, 3, 40)
    assert e.value.line == 43
    monkeypatch.setattr(limits, "MAX_LINE_CHARS", 10)
    with pytest.raises(LogError, match="a line is") as e:
        limits.check_piece(Path("x"), "a = 1\nb = 2\nc = '" + "z" * 20 + "'\n", 3, 40)
    assert e.value.line == 42


def test_no_line_is_named_when_the_piece_has_none() -> None:
    with pytest.raises(LogError) as e:
        limits.check_piece(Path("x"), "a = 1\n" + DEEP + "\n")
    assert e.value.line is None and "line" not in str(e.value).split(": values")[0]
