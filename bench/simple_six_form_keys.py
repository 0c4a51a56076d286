"""CPU per key typed in the Simple Six character form, with the list of broken rules and the
form's last line given only text that changed, against both updated at every key (as
before), in the same run.

Usage: ``python bench/simple_six_form_keys.py [--rounds 3]``

An empty campaign is opened through a Textual Pilot at 80x24 (and at 160x45), ``c`` opens the
character form and a whole character is typed into it key by key (name, the four
attributes, skills, a specialization, weapons, armor), as a GM does. Each ``Static.update``
lays the whole form out again; the form used to update both lines at every key, even when
their text stayed the same. Process CPU time per key typed, two ways alternated round by
round so the machine's load falls on both alike:

- new: the code as it is (:meth:`CharacterForm._show` skips a text already shown);
- old: every text given to the line's ``update``.

Prints medians and the ratio old / new; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: What is typed, field by field (Tab between them), in the form's order of fields.
TYPED = ("Brin", "4D", "3D", "3D", "2D", "Sword 2D, Dodge 2D, Medicine 1D+1, Stealth 0D+2",
         "Athletics: Running 1D", "", "", "Sword", "Leather, Shield")

_NEW: dict[str, Any] = {}


def _old(on: bool) -> None:
    """Make the form update its lines at every key as before (``on``) or as now."""
    from d6tui.ui.simple_six.forms import CharacterForm

    if on:
        def show(self: Any, line: Any, text: str) -> None:
            line.update(text)

        CharacterForm._show = show  # type: ignore[method-assign]
    else:
        CharacterForm._show = _NEW["show"]  # type: ignore[method-assign]


async def _measure(size: tuple[int, int]) -> float:
    from d6tui.engine.session import Session
    from d6tui.ui.app import D6App
    from d6tui.ui.simple_six.forms import CharacterForm
    from d6tui.ui.simple_six.screen import SimpleSixScreen

    with tempfile.TemporaryDirectory() as tmp:
        s = Session.new("simple_six", {"seed": 1}, path=Path(tmp) / "c.toml")
        app = D6App(saves=Path(tmp), session=s, persist_theme=False)
        async with app.run_test(size=size) as pilot:
            while not isinstance(app.screen, SimpleSixScreen):
                await pilot.pause()
            await pilot.press("c")
            while not isinstance(app.screen, CharacterForm):
                await pilot.pause()
            await pilot.pause()
            keys = [k for i, text in enumerate(TYPED) for k in ["tab"] * (i > 0) + [*text]]
            c0 = time.process_time()
            for key in keys:
                await pilot.press(key)
            await pilot.pause()
            per_key = (time.process_time() - c0) / len(keys)
            problems = str(app.screen.query_one("#problems").render())
            if "\u2713" not in problems:
                raise RuntimeError(f"the character typed breaks a rule: {problems}")
        s.close()
        return per_key


def main() -> None:
    """Print the medians and ratios."""
    import textual._wait as wait

    from d6tui.ui.simple_six.forms import CharacterForm

    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    # as the tests' Pilot waits (tests/conftest.py quick_idle)
    wait.SLEEP_GRANULARITY = 1 / 200
    wait.SLEEP_IDLE = 1 / 200 / 20
    _NEW["show"] = CharacterForm._show
    asyncio.run(_measure((80, 24)))  # imports and first parses, not counted
    for size in ((80, 24), (160, 45)):
        got: dict[str, list[float]] = {"old": [], "new": []}
        for _ in range(args.rounds):
            for way in ("old", "new"):
                _old(way == "old")
                got[way].append(asyncio.run(_measure(size)))
        _old(False)
        o = statistics.median(got["old"]) * 1000
        n = statistics.median(got["new"]) * 1000
        print(f"{size[0]}x{size[1]} typing  old {o:6.1f} ms/key  new {n:6.1f} ms/key"
              f"  ratio old / new {o / n:.2f}x")


if __name__ == "__main__":
    main()
