"""Record ``saves/tales-example.toml``: a whole 6x6 Tales run played through the app.

The app is driven headless with Pilot key presses only: the home screen's game list, the
new-game form (hero's name, race, title, dice seed), then every action of the tale through
the Tales screen's keys and lists. The bot (d6tui/games/tales/bot.py) decides what to do;
the keys carry it out (d6tui/ui/tales/drive.py).

Usage::

    python scripts/record_tales_example.py [--seed 35] [--out saves/tales-example.toml]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The player's notes written on the way, by the note key (N), each on the first step of
#: its day (week, day). (The screen tests cut the first recording, kept as the v1 fixture.)
NOTES = {
    (3, 1): "A new week. Brin counts the coins twice and still finds only a few.",
    (3, 3): "The hills smell of rain. Whatever comes today, Brin means to meet it\n"
            "with the axe out.",
    (3, 5): "Terrible weather again: the map is planned around the ban.",
    (4, 1): "The last morning. The island is still half a mystery.",
}


async def write_notes(pilot: object) -> None:
    """Write the note of the day (:data:`NOTES`) through the keys, once, at its day."""
    from d6tui.ui.screens.notes import NoteModal
    from d6tui.ui.tales.screen import TalesScreen

    app = pilot.app  # type: ignore[attr-defined]
    screen = app.screen
    if not isinstance(screen, TalesScreen):
        return
    day = (screen.tale.week, screen.tale.day)
    text = NOTES.get(day)
    if text is None or any(n.text == text for n in screen.session.notes()):
        return
    await pilot.press("N")  # type: ignore[attr-defined]
    for _ in range(50):
        await pilot.pause()  # type: ignore[attr-defined]
        if isinstance(app.screen, NoteModal):
            break
    for line_no, line in enumerate(text.split("\n")):
        if line_no:
            await pilot.press("enter")  # type: ignore[attr-defined]
        await pilot.press(*line)  # type: ignore[attr-defined]
    await pilot.press("ctrl+s")  # type: ignore[attr-defined]
    for _ in range(50):
        await pilot.pause()  # type: ignore[attr-defined]
        if isinstance(app.screen, TalesScreen):
            break


async def record(saves: Path, seed: int, name: str, title: str) -> Path:
    """Play the tale in an app on ``saves``; returns the save file."""
    from d6tui.engine.registry import games
    from d6tui.games.tales.bot import Bot
    from d6tui.ui.app import D6App
    from d6tui.ui.tales.drive import play_by_keys
    from d6tui.ui.tales.screen import TalesScreen

    app = D6App(saves=saves, persist_theme=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        # games are found, not listed: look up the place of 6x6 Tales in the home list
        for _ in range([g.slug for g in games()].index("tales")):
            await pilot.press("down")
        await pilot.press("n")
        for _ in range(3):  # the form's worker waits for it
            await pilot.pause()
        await pilot.press(*name)          # the hero's name (the race stays Dwarf)
        await pilot.press("tab", "tab", "tab")   # past the race and the quest, to the title
        await pilot.press(*title)
        await pilot.press("tab", *str(seed))
        await pilot.press("ctrl+s")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, TalesScreen):
                break
        screen = app.screen
        assert isinstance(screen, TalesScreen), f"no tale started ({type(screen).__name__})"
        actions = await play_by_keys(pilot, Bot(seed), between=write_notes)
        state = screen.tale
        assert state.over, "the tale did not reach E17"
        print(f"{actions} actions by key; final fame {state.final_fame}: {state.status}")
        path = screen.session.log.path if screen.session.log else None
        await pilot.press("escape")
        await pilot.pause()
    assert path is not None
    return Path(path)


def main(argv: list[str] | None = None) -> None:
    """Record the example tale."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=35)
    ap.add_argument("--name", default="Brin")
    ap.add_argument("--title", default="The tale of Brin the dwarf")
    ap.add_argument("--out", type=Path, default=ROOT / "saves" / "tales-example.toml")
    args = ap.parse_args(argv)
    if os.environ.get("PYTHONHASHSEED") != "0":
        # The bot walks sets of directions: a fixed hash seed makes the recording repeatable.
        os.execvpe(sys.executable, [sys.executable, *sys.argv],
                   {**os.environ, "PYTHONHASHSEED": "0"})
    with tempfile.TemporaryDirectory() as tmp:
        path = asyncio.run(record(Path(tmp), args.seed, args.name, args.title))
        shutil.copyfile(path, args.out)
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
