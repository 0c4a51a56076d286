"""At 80x24 nothing the player can do is hidden: every step of the example tale is walked,
and at each the step bar shows every key that acts now, with its words (issue: the key line
of level-up and of the castle's shop had lost keys off its end)."""

from __future__ import annotations

from pathlib import Path

from d6tui.engine.session import Session
from d6tui.ui.tales.screen import TalesScreen
from tests.ui.helpers import make_app, settle, sync
from tests.ui.tales_helpers import EXAMPLE, load_example


def bar_lines(app: object, screen: TalesScreen) -> str:
    """The step bar's lines as the terminal shows them."""
    strips = app.screen._compositor.render_strips()  # type: ignore[attr-defined]
    box = screen.query_one("#step-box").region
    return "\n".join(strips[y].text for y in range(box.y, box.y + box.height))


@sync
async def test_every_key_of_every_step_of_the_example_is_on_screen_at_80x24(
        saves: Path) -> None:
    events = Session.load(EXAMPLE).events
    app = make_app(saves, session=load_example(saves, 1))
    seen = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        for event in events[1:]:
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
    assert seen > 400


@sync
async def test_the_last_roll_shows_its_dice(saves: Path) -> None:
    app = make_app(saves, session=load_example(saves, 133))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        await pilot.press("s", "t")
        for _ in range(5):
            await pilot.pause()
        await pilot.press("2", "space", "4", "enter")
        await settle(pilot)
        text = bar_lines(app, screen)
        assert "2+4 = 6: a fight with the " in text, text


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
async def test_moves_without_dice_go_through_the_move_runner(saves: Path) -> None:
    """Issue 8: a key that makes a move without dice runs it by its id through
    ``GameScreen.play`` (the one move runner); an arrow into the water still gets the
    rule's own reason."""
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
