"""The naming events: checked, folded, and allowed after the end of the tale (E17)."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.tales import commands, island, naming
from d6tui.games.tales.describe import describe
from tests.tales.util import act, begin
from tests.ui.tales_helpers import EXAMPLE


def test_places_are_named_only_once_drawn_j02() -> None:
    s = begin("human")
    castle = s.pos
    s = act(s, commands.name_place, island.name(castle), "  Old   Keep ")
    assert s.squares[castle].name == "Old Keep"
    hidden = next(i for i in range(36) if i not in naming.namable_places(s))
    with pytest.raises(RuleError, match="not drawn"):
        commands.name_place(s, island.name(hidden), "Nowhere")
    with pytest.raises(RuleError, match="at most"):
        commands.name_place(s, island.name(castle), "x" * 31)


def test_only_a_beaten_monster_is_named_j06() -> None:
    s = begin("human")
    with pytest.raises(RuleError, match="beat"):
        commands.name_monster(s, 1, "Nobody")


def test_names_may_be_written_after_the_end_and_change_no_score() -> None:
    state = Session.load(EXAMPLE).state
    assert state.over
    k = naming.beaten(state)[0]
    named = act(state, commands.name_monster, k + 1, "Grub")
    assert named.fights[k].name == "Grub" and named.final_fame == state.final_fame
    with pytest.raises(RuleError, match="over"):
        commands.end_turn(named)
    event = commands.describe_hero(named, "tall", "a sailor")
    assert "portrait" in describe(event)
    assert act(named, commands.describe_hero, "tall", "a sailor").hero.story == "a sailor"


def test_the_portrait_says_it_asks_two_boxes() -> None:
    """`i` asks the look, then the story: each box says which of the two it is (R03, J01)."""
    from d6tui.games.tales.moves import naming_moves

    s = begin("hobbit")
    (move,) = [m for m in naming_moves(s) if m.id == "describe_hero"]
    name = s.hero.name  # type: ignore[union-attr]
    assert [c.prompt.split(",")[0] for c in move.choices] == [
        f"1 of 2: how {name} looks", f"2 of 2: {name}'s story"]
