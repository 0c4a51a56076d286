"""The move runner offers an optional one-pick choice (``min=0``) with a row that leaves it
out, and the move then gets None (docs/CONTRIBUTING.md "Moves and dice requests")."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from textual.widgets import OptionList

from d6tui.engine.game import Choice, Move
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.screens.move_runner import NONE_LABEL, ask_and_play
from tests.ui.helpers import make_app, sync


@sync
async def test_an_optional_choice_can_be_left_out_by_its_row(saves: Path) -> None:
    move = Move("bet", "Bet", lambda st, **kw: {"type": "bet", **kw}, 0, choices=(
        Choice("side", "Which side, if any?", (("no", "No"), ("yes", "Yes")), min=0),))
    played: list[dict[str, Any]] = []

    class Stub:
        def play(self, m: Move, answers: dict, typed: dict) -> dict:
            played.append(answers)
            return {"type": "bet"}

    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = SimpleNamespace(app=app, session=Stub(), _guard=lambda fn: fn())
        app.run_worker(ask_and_play(screen, move, lambda req: False))
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, ChoiceModal):
                break
        modal = app.screen
        assert isinstance(modal, ChoiceModal)
        rows = modal.query_one("#choices", OptionList)
        prompts = [str(rows.get_option_at_index(i).prompt) for i in range(rows.option_count)]
        assert len(prompts) == 3 and NONE_LABEL in prompts[2] and "Yes" in prompts[1]
        await pilot.press("3")
        for _ in range(50):
            await pilot.pause()
            if played:
                break
    assert played == [{}]  # left out: Session.play gives run None for it
