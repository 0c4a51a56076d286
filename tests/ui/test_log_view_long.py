"""The event log of a long game: opening it shows the newest event, drawing it again after
a move reads only the new event, and the lines it keeps stay bounded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from d6tui.engine.session import Session
from d6tui.engine.session_words import HistoryEntry
from d6tui.games.shooter.actions import legal_actions
from d6tui.games.shooter.bot import choose
from d6tui.games.shooter.state import current_player
from d6tui.ui.shooter.screen import ShooterScreen
from d6tui.ui.widgets.event_log import MAX_LINES, EventLogView, LineCache
from tests.ui.helpers import PLAYERS, make_app, sync

#: Longer than the log draws at once (MAX_LINES), so the view shows a window of it.
EVENTS = 900


def endless(state: Any) -> tuple[Any, dict]:
    """The bot's move, except that a Sheriff never cashes the Rep that would end the game
    (as bench/_common.py plays)."""
    action, answers = choose(state)
    if action.name == "cash_rep" and current_player(state).rank == 2:
        action, answers = [a for a in legal_actions(state) if not a.choices][-1], {}
    return action, answers


def long_game(events: int = EVENTS) -> Session:
    """A Shooter game of ``events`` events played by the bot, still going (kept in memory:
    a save file would fsync every event)."""
    s = Session.new("shooter", {"players": PLAYERS, "seed": 1}, title="Long")
    while len(s.events) < events:
        action, answers = endless(s.state)
        s.do(action.command, dice=s.dice, **answers)
    assert not s.state.over
    return s


def screen_text(app: object) -> str:
    """What the terminal shows now, as plain lines."""
    strips = app.screen._compositor.render_strips()  # type: ignore[attr-defined]
    return "\n".join(strip.text for strip in strips)


@sync
async def test_opening_the_log_of_a_long_game_shows_the_newest_event(saves: Path) -> None:
    session = long_game()
    assert len(session.events) == EVENTS > MAX_LINES
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        log = screen.query_one(EventLogView)
        assert not log.display  # closed at 80 columns
        newest = f"#{EVENTS:<4}"
        assert newest not in screen_text(app)
        await pilot.press("l")
        await pilot.pause()  # laid out: the view now knows how far it can scroll
        await pilot.pause()  # and has scrolled there
        assert log.display
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        shown = screen_text(app)
        assert newest in shown  # the newest event's line is on screen
        assert f"#{EVENTS - MAX_LINES:<4}" not in log.drawn_text()
        # a move adds its line, and the view follows it
        action, answers = endless(session.state)
        assert screen.do(action.command, dice=session.dice, **answers)
        await pilot.pause()
        await pilot.pause()
        assert f"#{EVENTS + 1:<4}" in screen_text(app)
        assert log.scroll_y == log.max_scroll_y
        # undo strikes the line through, redo clears the mark again
        await pilot.press("u")
        await pilot.pause()
        lines = log.drawn_text().splitlines()
        assert lines[-2].startswith(f"#{EVENTS + 1:<4}") and lines[-2].endswith("(undone)")
        assert lines[-1].startswith(f"#{EVENTS + 2:<4}undid #{EVENTS + 1}")
        await pilot.press("ctrl+y")
        await pilot.pause()
        lines = log.drawn_text().splitlines()
        assert not lines[-3].endswith("(undone)") and lines[-3].startswith(f"#{EVENTS + 1:<4}")
        assert lines[-1].startswith(f"#{EVENTS + 3:<4}redid #{EVENTS + 1}")


@sync
async def test_a_move_reads_only_the_new_event_for_the_log(saves: Path) -> None:
    session = long_game(500)
    read: list[int] = []
    entry = session.history_entry

    def counted(index: int):  # noqa: ANN202 - a HistoryEntry
        read.append(index)
        return entry(index)

    session.history_entry = counted  # type: ignore[method-assign]
    app = make_app(saves, session=session)
    async with app.run_test(size=(120, 40)) as pilot:  # the log is open at 120 columns
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        log = screen.query_one(EventLogView)
        assert log.display
        assert set(range(500 - MAX_LINES, 500)) <= set(read)
        for n in range(501, 504):
            read.clear()
            action, answers = endless(session.state)
            assert screen.do(action.command, dice=session.dice, **answers)
            # the screen itself may read the newest entries (its outcome line); the log
            # reads none of the lines it drew already
            assert not set(read) & set(range(500 - MAX_LINES, n - 3))
            lines = log.drawn_text().splitlines()
            assert lines[-1].startswith(f"#{n:<4}")
            assert lines[0] == f"events #{500 - MAX_LINES + 1}-#{n} of {n} " \
                "(scroll up or Home for earlier)"


class _CountedHistory(list):
    """Entries that count how often each is read, with an ``undone`` set like History."""

    undone: frozenset[int] = frozenset()

    def __init__(self, n: int) -> None:
        super().__init__(HistoryEntry({"seq": i + 1, "type": "a"}, f"e{i + 1}", False)
                         for i in range(n))
        self.reads: list[int] = []

    def __getitem__(self, i):  # noqa: ANN001, ANN204
        self.reads.append(i)
        return super().__getitem__(i)


def test_the_line_cache_reads_each_line_once_and_stays_bounded() -> None:
    history = _CountedHistory(5000)
    cache = LineCache()
    for end in [*range(MAX_LINES, 5000, 7), 5000]:  # a log followed to its end, move by move
        lines = cache.get(history, end - MAX_LINES, end)
        assert [line[0] for line in lines] == list(range(end - MAX_LINES + 1, end + 1))
        assert len(cache._lines) <= LineCache.LIMIT
    assert len(history.reads) == len(set(history.reads)) == 5000  # each read once
    history.reads.clear()
    cache.get(history, 4600, 5000)
    assert history.reads == []
    shorter = _CountedHistory(10)  # a shorter log forgets the lines past its end
    assert [line[2] for line in cache.get(shorter, 0, 10)] == [f"e{i}" for i in range(1, 11)]
