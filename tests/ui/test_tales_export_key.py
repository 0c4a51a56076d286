"""6x6 Tales' X: the journal as Markdown beside the save (at a table: tests/ssh)."""

from __future__ import annotations

from pathlib import Path

from tests.ui.helpers import make_app, settle, sync
from tests.ui.tales_helpers import load_example


@sync
async def test_x_writes_the_journal_beside_the_save(saves: Path) -> None:
    session = load_example(saves, 40)
    save = session.log.path
    app = make_app(saves, session=session)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        await pilot.press("X")
        await settle(pilot)
        out = save.with_suffix(".md")
        assert out.exists(), [str(n.message) for n in app._notifications]
        text = out.read_text(encoding="utf-8")
        assert text.startswith("# ") and "J02" in text
        assert save.read_text(encoding="utf-8").startswith("format = ")  # the save is intact
        assert any(str(n.message) == f"Journal written to {out}" for n in app._notifications)
