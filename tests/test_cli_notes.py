"""``d6tui note`` and the three export formats (markdown journal, full record, html)."""

from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from d6tui.engine.session import Session
from d6tui.games.shooter.bot import choose
from tests.test_cli import run

SAVES = Path(__file__).resolve().parents[1] / "saves"


def _shooter(tmp_path: Path) -> Path:
    path = tmp_path / "duel.toml"
    s = Session.new("shooter", {"players": ["Ann", "Bob"], "seed": 4}, path=path, title="Duel")
    for _ in range(3):
        a, answers = choose(s.state)
        s.do(a.command, dice=s.dice, **answers)
    s.close()
    return path


def test_note_writes_edits_and_removes(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _shooter(tmp_path)
    code, out, err = run(capsys, "note", str(path), "Ann looks\nnervous.")
    assert code == 0, err
    assert out.startswith("#5 \u270e note (Turn 1 \u00b7 Ann): \u201cAnn looks\n")
    code, out, _ = run(capsys, "note", str(path), "calm", "--edit", "5", "--json")
    assert code == 0 and '"edits": 5' in out and '"text": "calm"' in out
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("read from\nstdin\n"))
    code, out, _ = run(capsys, "note", str(path), "-")
    assert code == 0 and "#7 " in out
    code, out, _ = run(capsys, "note", str(path), "", "--edit", "6")
    assert code == 0 and "removed note #6" in out
    s = Session.load(path)
    assert [n.text for n in s.notes()] == ["read from\nstdin"]
    s.close()


@pytest.mark.parametrize(("argv", "message"), [
    (["", ], "a note needs some text"),
    (["fine", "--edit", "2"], "#2 is not a note"),
    (["fine", "--edit", "99"], "#99 is not a note"),
    (["bad \x1b[31m"], "control characters"),
    (["x" * 4001], "at most 4000 characters"),
])
def test_note_refuses_bad_input_in_one_line(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path, argv: list[str],
                                            message: str) -> None:
    path = _shooter(tmp_path)
    before = path.read_bytes()
    code, out, err = run(capsys, "note", str(path), *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err
    assert path.read_bytes() == before


def test_the_three_export_formats(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _shooter(tmp_path)
    assert run(capsys, "note", str(path), "A duel at noon.\nDust everywhere.")[0] == 0
    code, markdown, _ = run(capsys, "export", str(path), "--format", "markdown")
    assert code == 0 and markdown.startswith("# Duel\n")
    # the note stands at its place in the play by play, quoted under its line
    quoted = ("\n5. \u270e note (Turn 1 \u00b7 Ann):\n\n"
              "   > A duel at noon.\n   > Dust everywhere.\n")
    assert quoted in markdown
    code, record, _ = run(capsys, "export", str(path), "--format", "record")
    assert code == 0 and record == markdown  # D6 Shooter's journal is its record
    code, page, _ = run(capsys, "export", str(path), "--format", "html", "-o",
                        str(tmp_path / "duel.html"))
    assert code == 0
    page = (tmp_path / "duel.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<title>Duel</title>" in page
    assert "<blockquote>\n<p>A duel at noon.<br />\nDust everywhere.</p>" in page
    assert '<meta name="viewport"' in page and "<style>" in page
    code, _, err = run(capsys, "export", str(path), "--format", "pdf")
    assert code == 2 and "invalid choice" in err


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.attrs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attrs += [name for name, _ in attrs]


def test_html_escapes_every_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _shooter(tmp_path)
    evil = ("<script>alert('x')</script>\n<img src=x onerror=alert(1)>\n"
            "[click](javascript:alert(2)) & <b>bold</b> ![i](http://example.com/i.png)")
    assert run(capsys, "note", str(path), evil)[0] == 0
    s = Session.load(path)
    s.retitle("Duel <script>")
    s.close()
    code, page, _ = run(capsys, "export", str(path), "--format", "html")
    assert code == 0
    tags = _Tags()
    tags.feed(page)
    assert "script" not in tags.tags and "img" not in tags.tags and "b" not in tags.tags
    assert "onerror" not in tags.attrs and "src" not in tags.attrs
    assert 'href="javascript' not in page
    assert "&lt;script&gt;alert(" in page and "&lt;b&gt;bold&lt;/b&gt;" in page
    assert "<title>Duel &lt;script&gt;</title>" in page
    assert not re.search(r"<link|@import|url\(", page)  # the page loads nothing


def test_a_tale_with_notes_exports_as_a_journal(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    path = tmp_path / "tale.toml"
    # the first example tale (saves/ holds it recorded again, with notes)
    shutil.copy(Path(__file__).parent / "fixtures" / "saves" / "tales-v1.toml", path)
    s = Session.load(path)
    # notes written where the tale stands: the last day; and one placed on day 3 by hand
    s.write_note("Brin sat by the castle gate.\n\nThe tale was told.")
    s.close()
    code, journal, _ = run(capsys, "export", str(path), "--format", "markdown")
    assert code == 0
    head = journal.split("## The days (J05)")[0]
    assert head.startswith("# The tale of Brin the dwarf\n")
    assert "**Brin**, dwarf" in head and "begun 2026-11-29" in head
    assert "final fame **53**, Unknown Hero" in head
    day19 = journal.split("### Day 19 (week 4, day 1): E24 To the End")[1].split("##")[0]
    assert "> Brin sat by the castle gate.\n>\n> The tale was told." in day19
    # the mechanics sit under the prose, compact: the rolls and what they gave
    day1 = journal.split("### Day 1 (week 1, day 1)")[1].split("###")[0]
    assert "- attacked 6+5: 12 against Atk 6: a hit" in day1
    assert "(undone)" not in journal  # the journal tells what stands; the record keeps all
    for part in ("## The island (J02)", "## The hero (J01)", "| HP | 1 / 5 |",
                 "## Scoring (J09)", "= **53**: Unknown Hero."):
        assert part in journal
    island = journal.split("## The island (J02)")[1].split("```")[1]
    assert "CST" in island and "@" in island and "\u253c" in island  # drawn as on screen
    code, record, _ = run(capsys, "export", str(path), "--format", "record")
    assert code == 0 and "## The days (J05)" in record and "### Week 4, day 1" in record
    last_day = record.split("### Week 4, day 1")[1]
    assert "- \u270e note (Day 19):\n\n  > Brin sat by the castle gate.\n  >\n" in last_day
    code, page, _ = run(capsys, "export", str(path), "--format", "html")
    assert code == 0 and "<h3>Day 19 (week 4, day 1): E24 To the End</h3>" in page
    assert "<blockquote>\n<p>Brin sat by the castle gate.</p>\n<p>The tale was told.</p>" in page
    assert "<pre><code>" in page and "<table>" in page


@pytest.mark.parametrize(("example", "marker"), [
    ("simple-six-example.toml", "- #{seq} "), ("dungeon-example.toml", "{seq}. "),
    ("d6-board-example.toml", "{seq}. "), ("shooter-example.toml", "{seq}. "),
])
def test_every_game_record_quotes_the_notes_at_their_place(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, example: str, marker: str) -> None:
    path = tmp_path / example
    shutil.copy(SAVES / example, path)
    s = Session.load(path)
    last = len(s.events)
    label = s.where()["label"]
    note = s.write_note("We stop here.\n<i>Tomorrow</i> we go on.")
    s.close()
    for fmt in ("record", "markdown"):
        code, out, err = run(capsys, "export", str(path), "--format", fmt)
        assert code == 0, err
        item = marker.format(seq=note["seq"])
        head = item + f"\u270e note ({label}):\n\n"
        pad = " " * (item.find(" ") + 1)  # the quote sits under the item's text
        assert head + f"{pad}> We stop here.\n{pad}> <i>Tomorrow</i> we go on.\n" in out
        # at its place: after the event before it
        before = marker.format(seq=last)
        assert out.index(before) < out.index(head)
    code, page, _ = run(capsys, "export", str(path), "--format", "html")
    assert code == 0 and "&lt;i&gt;Tomorrow&lt;/i&gt; we go on." in page
