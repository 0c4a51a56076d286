"""Screen defects found by players over SSH (issue "Play over SSH"): a saves table keeps its
columns after a delete; NO_COLOR keeps a list's highlight and a table's cursor visible."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.helpers import make_app, new_shooter, settle, sync


@sync
async def test_the_saves_table_keeps_its_columns_after_a_delete(saves: Path) -> None:
    for title in ("Saturday night at the saloon", "Sunday", "A long title for a Shooter game"):
        new_shooter(saves, title).close()
    app = make_app(saves)
    async with app.run_test(size=(100, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        table = app.screen.query_one("DataTable")
        before = {c.key.value: c.width for c in table.columns.values()}
        assert before["title"] >= len("Saturday night") and before["status"] > 20
        await pilot.press("d")  # a worker waits on the confirmation: no settle() until answered
        for _ in range(20):
            await pilot.pause(0.05)
            if type(app.screen).__name__ == "ConfirmModal":
                break
        await pilot.press("y")
        for _ in range(40):
            await pilot.pause(0.05)
            found = app.screen.query("DataTable")
            if found and found.first().row_count == 2:
                break
        table = app.screen.query_one("DataTable")
        assert table.row_count == 2
        after = {c.key.value: c.width for c in table.columns.values()}
        assert after["game"] == before["game"] and after["when"] == before["when"]
        assert after["status"] == before["status"] and after["title"] >= len("Saturday night")


@sync
async def test_no_color_marks_the_highlighted_game_and_the_cursor_row(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    new_shooter(saves, "Sunday").close()
    app = make_app(saves, theme="d6-16color")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.has_class("-no-color")
        games = app.screen.query_one("#games")
        style = games.get_visual_style("option-list--option", "option-list--option-highlighted")
        assert style.underline and style.bold
        table = app.screen.query_one("DataTable")
        assert table.get_component_styles("datatable--cursor").text_style.reverse
    monkeypatch.delenv("NO_COLOR")
    app = make_app(saves, theme="d6-16color")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.has_class("-no-color")


def test_a_pick_among_other_jails_says_whose_jail_each_bandit_is_in(saves: Path) -> None:
    import dataclasses

    from d6tui.games.shooter.actions import legal_actions

    session = new_shooter(saves, "Sunday")
    state = session.state
    session.close()
    accused = next(c for c, card in state.cards.items()
                   if card.kind == "store" and card.effect == "falsely_accused")
    bandit = next(c for c, card in state.cards.items() if card.kind == "bandit")
    players = list(state.players)
    players[state.current] = dataclasses.replace(players[state.current], hand=(accused,))
    other = (state.current + 1) % len(players)
    players[other] = dataclasses.replace(players[other], jail=(bandit,))
    state = dataclasses.replace(state, players=tuple(players))
    play = next(a for a in legal_actions(state) if a.name == "play_falsely_accused")
    assert play.choices[0].labels[0].endswith(f", in {players[other].name}'s jail")
