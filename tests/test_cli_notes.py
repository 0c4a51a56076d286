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
    # #6 is an edit of note #5: the note is #5, in the CLI as in the app's list
    code, out, err = run(capsys, "note", str(path), "", "--edit", "6")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "#6 is an edit of note #5" in err
    code, out, _ = run(capsys, "note", str(path), "calmer", "--edit", "5")
    assert code == 0 and out.startswith("#8 \u270e note #5 edited (Turn 1 \u00b7 Ann)")
    code, out, _ = run(capsys, "note", str(path), "", "--edit", "5")
    assert code == 0 and "removed note #5" in out
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
              "   > A duel at noon.\\\n   > Dust everywhere.\n")  # a hard break: kept as typed
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
    assert "total fame **53** (J09), Unknown Hero" in head
    day19 = journal.split("### Day 19 (week 4, day 1): E24 To the End")[1].split("##")[0]
    assert "> Brin sat by the castle gate.\n>\n> The tale was told." in day19
    # the mechanics sit under the prose, compact: the rolls and what they gave
    day1 = journal.split("### Day 1 (week 1, day 1)")[1].split("###")[0]
    assert "- attacked 6+5: 12 against Atk 6: a hit" in day1
    assert "(undone)" not in journal  # the journal tells what stands; the record keeps all
    for part in ("## The island (J02)", "## The hero (J01)", "| HP | 1 / 5 |",
                 "## Scoring (J09)", "= total fame **53**: Unknown Hero."):
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
        # a hard break keeps the line break; the raw HTML is escaped, shown as typed
        assert head + f"{pad}> We stop here.\\\n{pad}> \\<i>Tomorrow\\</i> we go on.\n" in out
        # at its place: after the event before it
        before = marker.format(seq=last)
        assert out.index(before) < out.index(head)
    code, page, _ = run(capsys, "export", str(path), "--format", "html")
    assert code == 0 and "&lt;i&gt;Tomorrow&lt;/i&gt; we go on." in page


def test_bad_utf8_is_one_clear_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    path = _shooter(tmp_path)
    before = path.read_bytes()

    class _Stdin(io.TextIOWrapper):
        pass

    monkeypatch.setattr("sys.stdin", _Stdin(io.BytesIO(b"\xff\xfe bad"), encoding="utf-8"))
    code, out, err = run(capsys, "note", str(path), "-")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "not UTF-8 text" in err and "codec" not in err
    # a command-line argument with such bytes reaches Python as lone surrogates
    bad_arg = b"\xff\xfe bad".decode("utf-8", "surrogateescape")
    code, out, err = run(capsys, "note", str(path), bad_arg)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "UTF-8" in err and "codec" not in err and "surrogates" not in err
    assert path.read_bytes() == before


@pytest.mark.parametrize("how", ["itself", "symlink", "hardlink", "other save"])
def test_export_never_writes_over_a_save(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         how: str) -> None:
    path = _shooter(tmp_path)
    before = path.read_bytes()
    out = path
    if how == "symlink":
        out = tmp_path / "link.toml"
        out.symlink_to(path)
    elif how == "hardlink":
        out = tmp_path / "hard.toml"
        out.hardlink_to(path)
    elif how == "other save":
        out = tmp_path / "other.toml"
        shutil.copy(path, out)
    for fmt in ("markdown", "html"):
        code, stdout, err = run(capsys, "export", str(path), "--format", fmt, "-o", str(out))
        assert code == 2 and stdout == "" and err.count("\n") == 1, (code, err)
        assert ("the save being exported" in err) if how != "other save" else \
            ("is a d6tui save" in err)
    assert path.read_bytes() == before and out.read_bytes() == before


def test_export_replaces_an_old_export_whole(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    path = _shooter(tmp_path)
    out = tmp_path / "duel.md"
    out.write_text("an older export\n", encoding="utf-8")
    code, _, err = run(capsys, "export", str(path), "-o", str(out))
    assert code == 0, err
    assert out.read_text(encoding="utf-8").startswith("# Duel\n")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def _viewer(markdown: str) -> str:
    """The .md as a CommonMark viewer that lets raw HTML through shows it (as HTML)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"]).render(
        markdown)


TYPED = ("Two\nlines\n\n# not a heading *stars* _under_ ~~no~~\n<!-- x -->\n"
         "<img src=x onerror=alert(1)> ![i](http://example.com/i.png) 1. & &amp; \\ |")


def test_the_markdown_shows_the_players_text_as_typed_and_as_the_html_does(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import html as html_lib

    path = tmp_path / "tale.toml"
    s = Session.new("tales", {"name": "<b>Bo</b> *x*", "race": "dwarf", "seed": 2},
                    path=path, title="Tale <img src=y onerror=alert(2)> #")
    s.write_note(TYPED)
    s.close()
    for fmt in ("markdown", "record"):
        code, md, err = run(capsys, "export", str(path), "--format", fmt)
        assert code == 0, err
        shown = _viewer(md)
        tags = _Tags()
        tags.feed(shown)
        assert not tags.tags & {"img", "b"}, (fmt, tags.tags)
        assert "<!--" not in shown and "onerror" not in tags.attrs
        assert "<h1>Tale &lt;img src=y onerror=alert(2)&gt; #</h1>" in shown
        # each typed line shows as typed, the line breaks kept (hard breaks), the blank line
        # a new paragraph
        quote = shown.split("<blockquote>")[1].split("</blockquote>")[0]
        inside = _Tags()
        inside.feed(quote)
        assert inside.tags <= {"p", "br"}, inside.tags
        assert "<p>Two<br />\nlines</p>" in quote
        text = "\n".join(html_lib.unescape(re.sub(r"<[^>]+>", "", line))
                         for line in quote.strip().splitlines())
        assert text == TYPED.replace("\n\n", "\n"), fmt
    code, md, _ = run(capsys, "export", str(path), "--format", "markdown")
    assert "**\\<b\\>Bo\\</b\\> \\*x\\***" in md or "**\\<b>Bo\\</b> \\*x\\***" in md
    code, page, _ = run(capsys, "export", str(path), "--format", "html")
    tags = _Tags()
    tags.feed(page)
    assert not tags.tags & {"img", "b"}
    body = page.split("<body>")[1]
    inside = _Tags()
    inside.feed(body.split("<blockquote>")[1].split("</blockquote>")[0])
    assert inside.tags <= {"p", "br"}, inside.tags  # no emphasis, no heading, no image
    assert body.count("<h1>") == 1  # a note starting with "# " is no heading
    assert "# not a heading *stars* _under_ ~~no~~" in html_lib.unescape(body)
    assert "&lt;!-- x --&gt;" in body


def test_an_undone_note_of_several_lines_stays_valid_markdown(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _shooter(tmp_path)
    s = Session.load(path)
    s.write_note("First ~~line~~\nsecond line")
    s.undo()
    s.close()
    code, md, _ = run(capsys, "export", str(path), "--format", "record")
    assert code == 0
    assert " / " not in md
    assert ("5. ~~\u270e note (Turn 1 \u00b7 Ann)~~ (undone):\n\n"
            "   > ~~First \\~\\~line\\~\\~~~\\\n   > ~~second line~~\n") in md
    shown = _viewer(md)
    assert ("<blockquote>\n<p><s>First ~~line~~</s><br />\n<s>second line</s></p>\n"
            "</blockquote>") in shown


def test_a_nameless_hero_sets_out_in_plain_words(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    path = tmp_path / "tale.toml"
    s = Session.new("tales", {"race": "dwarf", "seed": 2}, path=path)
    assert "the Hero, a dwarf, sets out" in s.state.news
    s.close()
    code, md, _ = run(capsys, "export", str(path), "--format", "markdown")
    assert code == 0 and "the Hero the dwarf" not in md
    assert "the tale begins with the Hero, a dwarf" in md
    head = md.split("## The days")[0]
    assert "((" not in head and "))" not in head and "fame so far" not in head
    assert ("The tale goes on. The first day has not begun; the hero's fame is 0, "
            "and the total fame would be 1 if it ended now (J09).") in head
    s = Session.load(path)
    while s.state.week == 0:  # place the castle: day 1 begins (R03)
        move = s.moves()[0]
        s.play(move, {c.name: c.options[0][0] for c in move.choices}, {})
    s.close()
    code, md, _ = run(capsys, "export", str(path), "--format", "markdown")
    assert "It is day 1, the first day of week 1; the hero's fame is 0" in md


def test_export_help_says_which_games_have_a_journal(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    code, out, _ = run(capsys, "export", "--help")
    assert code == 0
    out = " ".join(out.split())
    assert "only 6x6 Tales has a journal of its own" in out
    assert "never over a d6tui save" in out


def test_the_journal_says_which_event_a_note_was_written_during(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "tale.toml"
    s = Session.new("tales", {"name": "Bo", "race": "dwarf", "seed": 2}, path=path)

    def day_event() -> str:
        return s.state.days[-1].day_event if s.state.days else ""

    # play on to an event that is not the day's own (the day's heading names that one)
    from d6tui.games.tales.bot import ROLLERS, Bot

    bot = Bot(2)
    while s.state.week == 0 or s.where().get("event") in (None, day_event()):
        fn, args, kwargs = bot.pick(s.state)
        s.do(fn, *args, **(dict(kwargs, dice=s.dice) if fn in ROLLERS else kwargs))
    played = s.where()["event"]
    s.write_note("In the middle of it.")
    s.close()
    code, md, _ = run(capsys, "export", str(path), "--format", "markdown")
    assert code == 0
    at = md.index(f"*Written during {played} ")
    assert md.index("> In the middle of it.") > at
    assert f"\n*{played} " not in md  # never a bare event name above a note


def test_player_names_in_a_record_are_shown_as_typed(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    path = tmp_path / "waffle.toml"
    Session.new("dungeon", {"players": ["<b>Ana</b>", "*Bo*"], "seed": 1}, path=path,
                title="Waffle").close()
    code, md, _ = run(capsys, "export", str(path), "--format", "record")
    assert code == 0
    tags = _Tags()
    tags.feed(_viewer(md.split("## Play by play")[1]))
    assert not tags.tags & {"b", "em"}, tags.tags
    assert "\\<b>Ana\\</b>" in md and "\\*Bo\\*" in md
