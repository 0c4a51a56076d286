"""CPU of a move on the 6x6 Tales, D6 Shooter and D6 board game screens: a game's
events made one by one through the screen at 80x24 (as a player's keys make them), with the
screen laid out again only when a redraw may change its rows, against the code before, in the
same run. Before, on Tales the hidden page beside (``#booklet2``) and the step bar laid the
screen out again on every move; on Shooter each changed line (banner, outcome, action bar) and
each changed card or area did; on the board game screen the Header's title line, the
status and note lines, every board widget (shown or not) and the moves list (cleared and
filled again) did.

Usage: ``python bench/redraw_rows.py [--game tales|shooter|board|both|all]
[--rounds 4] [--events 120] [--size 80x24]`` (``both``: Tales and Shooter, the default;
``all``: the three).

Each round opens the game (Tales and Shooter: the examples ``tests/fixtures/saves/tales-v1
.toml`` and ``saves/shooter-example.toml``; the board game: a season against the
computer played by the game's bot from fixed seeds at the start of the run, so the screen
always shows the person's side, with no hand-over) cut after its first event, makes its next
``--events`` events through ``GameScreen.do`` with one Pilot pause after each (a frame drawn),
with the old code first in odd rounds and last in even ones, and counts the process CPU time
of the moves only. The computer's own turns are not played by the screen (its
timer is turned off for both codes): its recorded events are made like the person's. Prints
the median CPU per move of each and the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import shutil
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.text import Text  # noqa: E402
from textual.widgets import OptionList, Static  # noqa: E402
from textual.widgets.option_list import Option  # noqa: E402

from d6tui.engine.session import Session  # noqa: E402
from d6tui.ui.app import D6App  # noqa: E402
from d6tui.ui.d6_board import screen as board_screen  # noqa: E402
from d6tui.ui.d6_board import widgets as board_widgets  # noqa: E402
from d6tui.ui.d6_board.screen import BoardScreen  # noqa: E402
from d6tui.ui.shooter import widgets as shooter_widgets  # noqa: E402
from d6tui.ui.shooter.screen import ShooterScreen  # noqa: E402
from d6tui.ui.tales import widgets  # noqa: E402
from d6tui.ui.tales.screen import TalesScreen  # noqa: E402
from d6tui.ui.widgets.state_view import StateView  # noqa: E402
from d6tui.ui.widgets.static_text import put  # noqa: E402
from d6tui.ui.widgets.status_header import StatusTitle  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = {"tales": ROOT / "tests" / "fixtures" / "saves" / "tales-v1.toml",
            "shooter": ROOT / "saves" / "shooter-example.toml"}


def _old_update_view(self, view):  # noqa: ANN001, ANN202 - JournalBooklet.update_view before
    if view is not None and not self.display:
        self.set_reactive(widgets.JournalBooklet.view, view)
        self.refresh()
        return True
    if view is None or self._drawn is None:
        return StateView.update_view(self, view)
    text = self._page_text(view)
    old = self._drawn[2]
    if text == old:
        self.set_reactive(widgets.JournalBooklet.view, view)
        self._drawn = (view, self.page, text)
        return False
    self._drawn = (view, self.page, text)
    if self._same_height(old, text):
        self.set_reactive(widgets.JournalBooklet.view, view)
        self.refresh()
        return True
    return StateView.update_view(self, view)


def _old_show_step(self, text: Text, *, force: bool = False) -> None:  # TalesScreen's before
    if force or text != self._step_shown:
        self._step_shown = text
        self.query_one("#step", Static).update(text)


def _old_shooter_show(self, name: str, text: Text) -> None:  # ShooterScreen._show before
    if self._shown.get(name) == text:
        return
    self._shown[name] = text
    self.query_one(f"#{name}", Static).update(text)


def _old_state_widget_update_view(self, view):  # noqa: ANN001, ANN202 - Shooter's before
    drawn = self._drawn
    if (view is not None and view is not self.view and self.view is not None
            and drawn is not None and drawn[0] and drawn[0] == self.size.width):
        text = self.render_view(view) if self.shows(view) else self.render_empty()
        if text == drawn[1]:
            self.set_reactive(shooter_widgets._StateWidget.view, view)
            return False
    return StateView.update_view(self, view)


def _old_map_show(self, board, targets):  # noqa: ANN001, ANN202 - views, then the targets
    self.update_view(board)
    self.targets = targets


def _old_list(self, ol: OptionList, rows: list) -> None:  # BoardScreen's list before
    self._rows = rows
    ol.clear_options()
    ol.add_options([Option(text, id=oid, disabled=oid is None) for text, oid in rows])


#: (class, module or reactive; attribute; the code before) for each thing this benchmark puts
#: back: the board screen's lines given with ``put`` (always laid out), Textual's title line,
#: the board widgets' views set, the list remade.
OLD = [(widgets.JournalBooklet, "update_view", _old_update_view),
       (TalesScreen, "_show_step", _old_show_step),
       (ShooterScreen, "_show", _old_shooter_show),
       (shooter_widgets._StateWidget, "update_view", _old_state_widget_update_view),
       (board_screen, "put_kept", put),
       (StatusTitle, "update", Static.update),
       (board_widgets._BoardWidget, "update_view", StateView.update_view),
       (board_widgets.GameMap, "show", _old_map_show),
       (BoardScreen, "_list", _old_list)]


@contextmanager
def _old_code():  # noqa: ANN202
    new = [(owner, name, vars(owner)[name]) for owner, name, _ in OLD]
    for owner, name, old in OLD:
        setattr(owner, name, old)
    try:
        yield
    finally:
        for owner, name, fn in new:
            setattr(owner, name, fn)


def _record(game: str, folder: Path) -> Path:
    """A whole board game season against the computer (``game``: ``"board"``), both seats
    played by the game's bot (fixed seeds), saved in ``folder``."""
    from d6tui.games.d6_board.bot import choose as board_choose
    from d6tui.games.d6_board.moves import seat_to_move

    session = Session.new("d6_board", {"players": ["Ann", "Bob"], "seed": 3,
                                       "computers": ["Bob"]},
                          path=folder / "board.toml", title="bench")
    rng = random.Random(5)
    while not session.state.over:
        seat = seat_to_move(session.state)
        legal = [m for m in session.moves(seat) if m.id not in ("undo", "redo")]
        move, answers = board_choose(session.state, seat, legal, rng)
        session.play(move, answers)
    return folder / "board.toml"


def _cut(folder: Path, example: Path) -> Path:
    parts = example.read_text(encoding="utf-8").split("[[events]]\n")
    out = folder / f"cut-{example.name}"
    out.write_text("[[events]]\n".join(parts[:2]), encoding="utf-8")
    return out


async def _walk(folder: Path, example: Path, events: list[dict], size: tuple[int, int]
                ) -> float:
    """CPU seconds per move of making ``events`` (of ``example``) through the screen."""
    app = D6App(saves=folder, persist_theme=False, session=Session.load(_cut(folder, example)))
    async with app.run_test(size=size) as pilot:
        for _ in range(3):
            await app.workers.wait_for_complete()
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TalesScreen | ShooterScreen | BoardScreen)
        gc.collect()
        t = time.process_time()
        for event in events:
            payload = {k: v for k, v in event.items() if k not in ("seq", "at", "note")}
            assert screen.do(lambda _state, p=payload: dict(p)) is not None
            await pilot.pause()
        spent = time.process_time() - t
    return spent / len(events)


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=["tales", "shooter", "board", "both", "all"],
                    default="both")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--events", type=int, default=120)
    ap.add_argument("--size", default="80x24")
    args = ap.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    folder = Path(tempfile.mkdtemp(prefix="d6tui-bench-"))
    games = {"both": ["tales", "shooter"], "all": ["tales", "shooter", "board"]}
    # the computer's turns are the recorded events, made like the person's (module docstring)
    BoardScreen.bot_step = lambda self: None  # type: ignore[method-assign]
    for game in games.get(args.game, [args.game]):
        example = EXAMPLES.get(game) or _record(game, folder)
        events = Session.load(example).events[1:1 + args.events]
        asyncio.run(_walk(folder, example, events[:5], size))  # imports and caches warm
        times: dict[str, list[float]] = {"old": [], "new": []}
        for r in range(args.rounds):
            for name in (["old", "new"] if r % 2 == 0 else ["new", "old"]):
                if name == "old":
                    with _old_code():
                        times[name].append(asyncio.run(_walk(folder, example, events, size)))
                else:
                    times[name].append(asyncio.run(_walk(folder, example, events, size)))
        old, new = (statistics.median(times[k]) * 1000 for k in ("old", "new"))
        print(f"{game}: {len(events)} moves at {args.size}, {args.rounds} rounds (ms CPU per"
              f" move): laid out every move {old:6.2f}, laid out when rows may change"
              f" {new:6.2f}, ratio {old / new:4.2f}x")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
