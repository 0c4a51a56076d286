"""A yes/no option's line in the new-game form reads in words."""

from __future__ import annotations

from d6tui.engine.registry import load_rules
from d6tui.ui.screens.new_game import field_hint


def test_a_yes_or_no_option_says_yes_or_no():
    computer = next(f for f in load_rules("dungeon").options if f.kind == "bool")
    hint = field_hint(computer)
    assert hint.endswith("(yes or no; empty: no):") and "False" not in hint
