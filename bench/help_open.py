"""CPU of opening and closing the ``?`` help on the D6 Shooter screen: the help as it is,
against the help drawn by Textual's Markdown widget (its compose before this bench), in the
same run.

Usage: ``python bench/help_open.py [--rounds 3] [--opens 5] [--size 80x24]``

Each round starts the app headless on a new Shooter game (Pilot ``run_test``), presses
``?`` and ``escape`` ``--opens`` times with each help (the old one first in odd rounds, last in
even ones), and counts the process CPU time of those presses. The help now is measured twice:
drawn afresh at each open (its kept drawings forgotten), and as a second open of the same
screen's help finds it (drawn once, kept). Prints the median CPU per open and close of each
and the ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from textual.app import ComposeResult  # noqa: E402
from textual.containers import VerticalScroll  # noqa: E402
from textual.widgets import Header, Markdown  # noqa: E402

import d6tui.ui.screens.help as help_module  # noqa: E402
from d6tui.ui.widgets import markdown_text  # noqa: E402
from d6tui.ui.widgets.fitted_footer import FittedFooter  # noqa: E402

NEW = help_module.HelpScreen


class MarkdownHelpScreen(NEW):
    """The help as it was composed before: one Textual Markdown widget (a widget per block and
    a grid of cell widgets for the keys table) in the scrolling body."""

    def compose(self) -> ComposeResult:
        yield Header(icon="?")
        with VerticalScroll(id="help-body"):
            rows = [(k, d, i) for (k, d), i in zip(self.keys, self.ids, strict=True)]
            yield Markdown(f"{self.text}\n\n{help_module.keys_markdown(rows)}")
        yield FittedFooter()


class ColdHelpScreen(NEW):
    """The help as it is, drawn afresh at each open (the kept drawings are forgotten first)."""

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        markdown_text._DRAWN.clear()
        super().__init__(*args, **kwargs)


async def _opens(pilot, screen_class: type, opens: int) -> float:  # noqa: ANN001
    """CPU seconds of ``opens`` open/close pairs of ``screen_class`` as the help."""
    help_module.HelpScreen = screen_class  # the app looks it up when ``?`` is pressed
    try:
        start = time.process_time()
        for _ in range(opens):
            await pilot.press("question_mark")
            await pilot.pause()
            assert type(pilot.app.screen) is screen_class, pilot.app.screen
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(pilot.app.screen, NEW), pilot.app.screen
        return time.process_time() - start
    finally:
        help_module.HelpScreen = NEW


async def _round(size: tuple[int, int], opens: int, old_first: bool) -> dict[str, float]:
    """One app run; returns CPU seconds per open and close of each help."""
    from d6tui.engine.session import Session
    from d6tui.paths import new_save_path
    from d6tui.ui.app import D6App

    saves = Path(tempfile.mkdtemp(prefix="d6tui-bench-help-"))
    session = Session.new("shooter", {"players": ["Ann", "Bob", "Cid"], "seed": 3},
                          path=new_save_path(saves, "bench"), title="bench")
    app = D6App(saves=saves, session=session, persist_theme=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await _opens(pilot, MarkdownHelpScreen, 1)  # warm both: imports, CSS of each
        await _opens(pilot, NEW, 1)
        order = [(MarkdownHelpScreen, "old"), (ColdHelpScreen, "cold"), (NEW, "new")]
        if not old_first:
            order.reverse()
        return {name: await _opens(pilot, cls, opens) / opens for cls, name in order}


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--opens", type=int, default=5)
    ap.add_argument("--size", default="80x24")
    args = ap.parse_args(argv)
    size = tuple(int(n) for n in args.size.split("x"))
    runs = [asyncio.run(_round(size, args.opens, old_first=i % 2 == 0))  # type: ignore[arg-type]
            for i in range(args.rounds)]
    o, c, n = (statistics.median(r[name] for r in runs) for name in ("old", "cold", "new"))
    print(f"help open+close at {args.size}, CPU per pair (median of {args.rounds} rounds "
          f"of {args.opens}):")
    print(f"  Markdown widget (old)             {o * 1000:7.1f} ms")
    print(f"  help now, drawn afresh each open  {c * 1000:7.1f} ms   old / this {o / c:.2f}x")
    print(f"  help now, drawing kept            {n * 1000:7.1f} ms   old / this {o / n:.2f}x")


if __name__ == "__main__":
    main()
