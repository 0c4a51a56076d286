"""The base of widgets drawn from state (d6tui.ui.widgets.state_view): a view is drawn by
``render_view``, handing the same view again asks for no redraw, and the board game's,
D6 Dungeon's and Simple Six's widgets keep their own names for the view."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import App, ComposeResult

from d6tui.ui.widgets.state_view import StateView
from tests.ui.helpers import sync


@dataclass(frozen=True)
class _Score:
    names: tuple[str, ...]
    score: int


class _Card(StateView):
    drawn = 0

    def shows(self, view: _Score) -> bool:
        return bool(view.names)

    def render_view(self, view: _Score) -> Text:
        self.drawn += 1
        return Text(f"{', '.join(view.names)}: {view.score}")


def test_update_view_says_whether_the_view_changed() -> None:
    card = _Card()
    first = _Score(("Ann",), 3)
    assert card.update_view(first) is True
    assert card.update_view(first) is False
    assert card.update_view(_Score(("Ann",), 3)) is False  # equal: the old one is kept
    assert card.view is first
    assert card.update_view(_Score(("Ann",), 4)) is True
    assert card.view == _Score(("Ann",), 4)
    assert card.update_view(None) is True and card.view is None


def test_render_empty_before_a_view_and_for_one_it_turns_down() -> None:
    card = _Card()
    assert str(card.render()) == ""
    card.update_view(_Score((), 9))
    assert str(card.render()) == ""
    card.update_view(_Score(("Ann", "Bo"), 9))
    assert str(card.render()) == "Ann, Bo: 9"


def test_the_base_has_no_drawing_of_its_own() -> None:
    bare = StateView()
    bare.update_view(_Score(("Ann",), 1))
    try:
        bare.render()
    except NotImplementedError as e:
        assert "StateView must implement render_view" in str(e)
    else:
        raise AssertionError("StateView drew a view")


@sync
async def test_an_equal_view_costs_no_redraw() -> None:
    class Host(App):
        def compose(self) -> ComposeResult:
            yield _Card(id="card")

    app = Host()
    async with app.run_test(size=(40, 5)) as pilot:
        card = app.query_one("#card", _Card)
        card.update_view(_Score(("Ann",), 1))
        await pilot.pause()
        drawn = card.drawn
        assert drawn >= 1
        for _ in range(3):
            card.update_view(_Score(("Ann",), 1))
            await pilot.pause()
        assert card.drawn == drawn
        card.update_view(_Score(("Ann",), 2))
        await pilot.pause()
        assert card.drawn > drawn


def test_games_keep_their_names_for_the_view() -> None:
    from d6tui.ui.d6_board.widgets import ClassBoard
    from d6tui.ui.dungeon.waffle import DungeonWaffle, WafflePicture
    from d6tui.ui.simple_six.widgets import CharacterSheet

    board = ClassBoard()
    assert board.board is None
    waffle = DungeonWaffle()
    assert waffle.picture == WafflePicture()
    picture = WafflePicture(caption="Bob's side")
    waffle.update_view(picture)
    assert waffle.picture is picture
    sheet = CharacterSheet()
    sheet.campaign = None  # the Simple Six screen sets it by name
    assert sheet.view is None
