"""The recorded example campaign (``saves/simple-six-example.toml``, made by
``bench/record_simple_six_example.py`` driving the app with key presses) replays to its final
state: a party of three against three NPCs, one session, three rounds."""

from __future__ import annotations

from pathlib import Path

from d6tui.engine.session import Session
from d6tui.games.simple_six.wounds import WoundLevel

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "simple-six-example.toml"


def test_the_example_campaign_replays_to_its_final_state() -> None:
    s = Session.load(EXAMPLE)
    try:
        state = s.state
        assert s.title == "The King's Road"
        assert len(s.events) == 45
        pcs = [m for m in state.members if not m.sheet.npc]
        npcs = [m for m in state.members if m.sheet.npc]
        assert [m.sheet.name for m in pcs] == ["Sir Baelen", "Mira", "Tam"]
        assert [m.sheet.name for m in npcs] == ["Bandit 1", "Town Guard 1", "Orc Warrior 1"]
        # the session is over, the fight too; the NPCs are down, the party stands
        assert state.session == 1 and not state.in_session and state.combat is None
        assert all(m.out_of_action for m in npcs)
        assert [m.wounds.level for m in npcs] == [
            WoundLevel.DEAD, WoundLevel.INCAPACITATED, WoundLevel.MORTALLY_WOUNDED]
        assert all(m.wounds.level == WoundLevel.UNHARMED for m in pcs)  # a potion helped
        # 5 CP each; Tam spent 4 on a Tracking pip; Sir Baelen earned a hero point
        assert [m.sheet.character_points for m in pcs] == [5, 5, 1]
        assert [m.sheet.hero_points for m in pcs] == [2, 1, 1]
        assert str(state.member("tam").sheet.skill("Tracking", state.settings)) == "4D+1"
        assert state.member("mira").caster.failures == 1  # her Lightning Bolt failed
        types = [e["type"] for e in s.events]
        assert types.count("round_started") == 3 and types.count("attacked") == 10
        assert {"stay_up_rolled", "spell_cast", "healed", "session_ended", "cp_spent"} <= set(
            types)
        tracking = next(e for e in s.events if e["type"] == "rolled")
        assert tracking["roll"]["source"] == "table"  # typed from real dice
    finally:
        s.close()


def test_the_example_exports_as_a_readable_record() -> None:
    s = Session.load(EXAMPLE)
    try:
        assert s.rules.export_markdown is not None
        md = s.rules.export_markdown(s)
    finally:
        s.close()
    assert md.startswith("# The King's Road")
    assert "## Session 1" in md and "### Round 3" in md
    assert "Sir Baelen 5 CP +1 hero" in md
    assert "was knocked out" in md and "### Sir Baelen" in md
    # each hit says where it left its target
    assert "hit for 27 against 17 \u2192 Orc Warrior 1: Mortally Wounded" in md
