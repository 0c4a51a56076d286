"""At 80x24 nothing the player can do is hidden: every step of the example tale is walked,
and at each the step bar shows every key that acts now, with its words (issue: the key line
of level-up and of the castle's shop had lost keys off its end), and the journal key line
under the booklet shows the note, page, naming, cursor and home keys that act now (issue
13: they were shown nowhere)."""

from __future__ import annotations

from pathlib import Path

from textual.geometry import Region
from textual.strip import Strip

from d6tui.engine.session import Session
from d6tui.games.tales import naming
from d6tui.ui.tales.screen import TalesScreen
from tests.ui.helpers import make_app, settle, sync
from tests.ui.tales_helpers import EXAMPLE, load_example


def bar_lines(app: object, screen: TalesScreen, box_id: str = "#step-box") -> str:
    """The lines of the box ``box_id`` (the step bar) as the terminal shows them: the
    screen's compositor draws the box's rows only (the whole width, every widget on them,
    front to back), not the rest of the screen."""
    box = screen.query_one(box_id).region
    compositor = app.screen._compositor  # type: ignore[attr-defined]
    rows = Region(0, box.y, compositor.size.width, box.height)
    chops = compositor._render_chops(rows, lambda y: box.y <= y < box.bottom)
    return "\n".join(Strip.join(chops[y].values()).text[box.x:box.x + box.width]
                     for y in range(box.y, box.y + box.height))


#: The journal key line's keys and words, and whether each acts now on ``screen``.
JOURNAL = (("N", "note", lambda s: True), ("^n", "notes", lambda s: True),
           ("[ ]", "pages", lambda s: True),
           ("i", "look", lambda s: s.tale.hero is not None),
           ("o", "name place", lambda s: s.tale.hero is not None
            and s.cursor in naming.namable_places(s.tale)),
           ("v", "name monster", lambda s: s.tale.hero is not None
            and bool(naming.beaten(s.tale))),
           ("HJKL", "cursor", lambda s: True), ("h", "home", lambda s: True))


def check_journal_keys(app: object, screen: TalesScreen, where: str,
                       shown_counts: dict[str, list[int]]) -> None:
    """Every journal key that acts now is on the screen with its words, whole on one line
    inside the screen; a key that does not act is left out."""
    region = screen.query_one("#journal-keys").region
    bar = screen.query_one("#step-box").region
    assert region.right <= 80 and region.bottom <= bar.y, (region, bar)  # above the bar
    text = bar_lines(app, screen, "#journal-keys")
    for key, words, acts in JOURNAL:
        on = f" {key}  {words}" in text
        assert on == acts(screen), f"{where}: {key} {words} acts={acts(screen)}\n{text}"
        shown_counts[words][int(on)] += 1


@sync
async def test_every_key_of_every_step_of_the_example_is_on_screen_at_80x24(
        saves: Path) -> None:
    events = Session.load(EXAMPLE).events
    app = make_app(saves, session=load_example(saves, 1))
    seen = 0
    counts: dict[str, list[int]] = {words: [0, 0] for _key, words, _acts in JOURNAL}
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        for event in events[1:]:
            check_journal_keys(app, screen, f"before #{event['seq']}", counts)
            text = bar_lines(app, screen)
            assert screen.offers, f"no keys before #{event['seq']}"
            for offer in screen.offers:
                shown = f" {offer.key}  {offer.label}" in text or \
                    f" {offer.key}  {offer.short}" in text
                assert shown, f"before #{event['seq']}: {offer.key} {offer.label}\n{text}"
                seen += 1
            # the bar needs no scrolling: what it shows is all there is
            assert screen.query_one("#step-box").max_scroll_y == 0, text
            payload = {k: v for k, v in event.items() if k not in ("seq", "at", "note")}
            assert screen.do(lambda _state, p=payload: dict(p)) is not None
            await pilot.pause()
        assert screen.tale.over
        check_journal_keys(app, screen, "at the end", counts)
        # the cursor keys move the cursor; o then acts only on a drawn square
        await pilot.press("H")
        await pilot.pause()
        check_journal_keys(app, screen, "after H", counts)
    assert seen > 400
    # the example shows each key, and leaves out v before the first monster is beaten
    assert all(shown for _hidden, shown in counts.values()), counts
    assert counts["name monster"][0] > 0, counts


@sync
async def test_a_note_keeps_the_last_rolls_dice_in_the_news(saves: Path) -> None:
    session = load_example(saves, 135)  # #135: the terrain roll after the stop
    assert "roll" in session.events[-1]
    session.write_note("Rain all day.")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        faces = next(e for e in reversed(session.events) if "roll" in e)["roll"]["faces"]
        assert f"{faces[0]}+{faces[1]} = {sum(faces)}: " in bar_lines(app, screen)


@sync
async def test_moves_without_dice_go_through_the_move_runner_and_the_last_roll_shows(
        saves: Path) -> None:
    """Issue 8: a key that makes a move without dice runs it by its id through
    ``GameScreen.play`` (the one move runner); an arrow into the water still gets the
    rule's own reason. Then, stopped, the terrain roll typed from table dice (2 and 4):
    the step bar's news shows the last roll's dice."""
    app = make_app(saves, session=load_example(saves, 133))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        played: list[str] = []
        real = screen.play

        def spy(move_id: str, answers: dict | None = None) -> dict | None:
            played.append(move_id)
            return real(move_id, answers)

        screen.play = spy  # type: ignore[method-assign]
        before = len(screen.session.events)
        await pilot.press("down")  # 0 Spd left: not a legal move
        await settle(pilot)
        assert played == [] and len(screen.session.events) == before
        await pilot.press("s")
        await settle(pilot)
        assert played == ["stop"] and screen.session.events[-1]["type"] == "stopped"
        # the last roll shows its dice (the hero stopped: t types the terrain roll)
        await pilot.press("t")
        for _ in range(5):
            await pilot.pause()
        await pilot.press("2", "space", "4", "enter")
        await settle(pilot)
        text = bar_lines(app, screen)
        assert "2+4 = 6: a fight with the " in text, text
