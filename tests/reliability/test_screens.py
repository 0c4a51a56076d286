"""The screens under faults: a hostile file in the saves folder, a second window on a game, a
read-only folder, a save with no events, a long load cancelled (Pilot tests)."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from d6tui.engine.session import Session
from d6tui.ui.screens.home import HomeScreen
from d6tui.ui.screens.load_error import LoadErrorModal
from d6tui.ui.screens.loading import LoadingScreen
from d6tui.ui.shooter.screen import ShooterScreen
from tests.reliability.helpers import bot_move
from tests.ui.conftest import isolated, saves  # noqa: F401 - the UI tests' fixtures
from tests.ui.helpers import make_app, new_shooter, settle, sync


def _hostile(folder: Path) -> list[str]:
    (folder / "deep.toml").write_text(
        'format = "d6tui-log"\nversion = 2\ngame = "shooter"\ntitle = "t"\n'
        "created = 2026-11-29T13:00:00Z\nv = " + "[" * 500 + "]" * 500 + "\n\n")
    (folder / "dotted.toml").write_text("a" + ".a" * 20_000 + " = 1\n")
    os.mkfifo(folder / "pipe.toml")
    (folder / "zero.toml").symlink_to("/dev/zero")
    (folder / "junk.toml").write_bytes(bytes(range(256)) * 40)
    return ["deep.toml", "dotted.toml", "pipe.toml", "zero.toml", "junk.toml"]


@sync
async def test_home_lists_hostile_files_as_unreadable_and_goes_on(
        saves: Path, tally: Callable[[str, bool], None]) -> None:  # noqa: F811
    new_shooter(saves, "Good game").close()
    names = _hostile(saves)
    app = make_app(saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen)
        by_name = {s.path.name: s for s in home.saves}
        for name in names:
            s = by_name.get(name)
            ok = s is not None and s.status == "cannot be opened" and "\n" not in s.problem
            tally("screens: hostile file listed", ok)
            assert ok, name
        assert by_name["good-game.toml"].problem == ""
        await pilot.press("s")  # the saves screen lists them too
        await settle(pilot)
        assert {s.path.name for s in app.screen.saves} >= set(names)  # type: ignore[attr-defined]
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


@sync
async def test_two_windows_on_one_game_see_each_other_without_refusal(
        saves: Path, tally: Callable[[str, bool], None]) -> None:  # noqa: F811
    path = new_shooter(saves, "Two windows").log.path  # type: ignore[union-attr]
    app = make_app(saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        a, b = ShooterScreen(Session.load(path)), ShooterScreen(Session.load(path))
        await app.push_screen(b)
        await app.push_screen(a)
        await pilot.pause()
        for turn in range(6):
            mover, other = (a, b) if turn % 2 == 0 else (b, a)
            before = len(other.session.events)
            assert bot_move(mover.session)  # no StaleLogError: the other's move was seen
            mover.refresh_game()
            await pilot.pause(0.6)  # within half a second (the watch polls every 0.25 s)
            ok = (len(other.session.events) == before + 1
                  and other.session.state == mover.session.state)
            tally("screens: second window sees the move", ok)
            assert ok, turn
        notes = " ".join(n.message for n in app._notifications)
        assert "Another window" not in notes
    assert len(Session.load(path).events) == 7


@sync
async def test_going_home_from_a_game_in_a_read_only_folder(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    path = new_shooter(saves, "Read only").log.path  # type: ignore[union-attr]
    from tests.reliability.test_read_only import _read_only

    app = make_app(saves, open_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ShooterScreen)
        _read_only(monkeypatch, saves, errno.EROFS)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert [s.title for s in app.screen.saves] == ["Read only"]
        monkeypatch.undo()


@sync
async def test_a_save_with_no_events_is_explained_in_one_line(saves: Path) -> None:  # noqa: F811
    """A save of each of D6 Shooter, Simple Six and 6x6 Tales holding its header and no
    events, opened in turn in one app (the first at start, the others from home, the same
    way): one line says it holds no events, nothing offers to keep it, Escape goes home and
    the file is left as it was."""
    from d6tui.engine.log import LogHeader, create_log, now

    games = ["shooter", "simple_six", "tales"]
    paths = [saves / f"empty-{game}.toml" for game in games]
    for game, path in zip(games, paths, strict=True):
        create_log(path, LogHeader(game, "Empty", now(), {})).close()
    before = [path.read_bytes() for path in paths]
    app = make_app(saves, open_path=paths[0])
    async with app.run_test(size=(100, 30)) as pilot:
        for i, path in enumerate(paths):
            if i:
                app.open_save(path)
            await settle(pilot)
            modal = app.screen
            assert isinstance(modal, LoadErrorModal), games[i]
            reason = str(modal.query_one("#reason").render())
            assert "holds no events" in reason and "\n" not in reason
            assert not modal.query("#keep")
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, HomeScreen)
    assert [path.read_bytes() for path in paths] == before


@sync
async def test_escape_cancels_a_load_and_returns_home(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    import threading

    path = new_shooter(saves, "Slow").log.path  # type: ignore[union-attr]
    go = threading.Event()
    real_load = Session.load

    def slow_load(p: Path, **kw: object) -> Session:
        def progress(done: int, total: int) -> None:
            go.wait(5)  # held until the player pressed Escape
            kw["progress"](done, total)  # type: ignore[operator]

        return real_load(p, **{**kw, "progress": progress})  # type: ignore[arg-type]

    monkeypatch.setattr("d6tui.engine.session.PROGRESS_EVERY", 1)
    monkeypatch.setattr(Session, "load", staticmethod(slow_load))
    app = make_app(saves, open_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LoadingScreen)
        await pilot.press("escape")
        go.set()
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert not any(isinstance(s, ShooterScreen) for s in app.screen_stack)
