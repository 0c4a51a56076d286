"""A name typed as a number when adding NPCs (the tracker's n): 1 to 30 makes a group; any
other number is refused with the reason, not taken as a name (a tester typed 50 and got one
NPC called "50")."""

from __future__ import annotations

from d6tui.ui.simple_six.roster_ui import MOST_IN_GROUP, group_count, group_refused


def test_numbers_in_range_are_groups() -> None:
    assert group_count("4") == 4 and group_count("4 Goblins") == 4
    assert group_count(str(MOST_IN_GROUP)) == MOST_IN_GROUP
    assert group_refused("4") == "" and group_refused("30 Goblins") == ""


def test_other_numbers_are_refused_with_the_reason() -> None:
    for typed in ("0", "50", "99999", "31 Goblins"):
        assert group_count(typed) is None
        assert group_refused(typed).startswith("A group is 1 to 30 NPCs at once, not ")
    assert "not 50:" in group_refused("50") and "a smaller number" in group_refused("50")
    assert "a larger number" in group_refused("0")  # not "smaller" below 1


def test_names_are_names() -> None:
    for typed in ("Brannoc", "Goblin 3", "\u0661\u0662"):  # Arabic-Indic digits: a name
        assert group_count(typed) is None and group_refused(typed) == ""
