"""Helpers for the 6x6 Tales UI tests: tales cut from the example save, at a known point."""

from __future__ import annotations

from pathlib import Path

from d6tui.engine.session import Session

#: The example tale as first recorded (the v1 fixture: saves/tales-example.toml was recorded
#: again with notes); the screen tests cut it at known points, so they keep its tale.
EXAMPLE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "saves" / "tales-v1.toml"


def cut_example(saves: Path, events: int, name: str = "tale.toml") -> Path:
    """A copy of the example tale in ``saves`` holding only its first ``events`` events.

    Loading it reseeds the dice (the seed is in the header), so what follows is the same on
    every run.
    """
    text = EXAMPLE.read_text(encoding="utf-8")
    parts = text.split("[[events]]\n")
    out = saves / name
    out.write_text("[[events]]\n".join(parts[: events + 1]), encoding="utf-8")
    return out


def load_example(saves: Path, events: int) -> Session:
    """The example tale after ``events`` events, loaded from a cut copy in ``saves``."""
    return Session.load(cut_example(saves, events))


def new_tale(saves: Path, race: str = "dwarf", seed: int = 3, name: str = "Brin") -> Session:
    """A new tale saved in ``saves``."""
    from d6tui.paths import new_save_path

    title = f"The tale of {name}"
    return Session.new("tales", {"name": name, "race": race, "seed": seed},
                       path=new_save_path(saves, title), title=title)
