"""The recorded example campaign (``saves/simple-six-example.toml``, made by
``bench/record_simple_six_example.py`` driving the app with key presses) replays to its final
state: a party of three against three NPCs, one session, four rounds."""

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
        assert len(s.events) == 56
        pcs = [m for m in state.members if not m.sheet.npc]
        npcs = [m for m in state.members if m.sheet.npc]
        assert [m.sheet.name for m in pcs] == ["Sir Baelen", "Mira", "Tam"]
        assert [m.sheet.name for m in npcs] == ["Bandit 1", "Town Guard 1", "Orc Warrior 1"]
        # the session is over, the fight too; the NPCs are down, the party stands
        assert state.session == 1 and not state.in_session and state.combat is None
        assert all(m.out_of_action for m in npcs)
        assert [m.wounds.level for m in npcs] == [
            WoundLevel.DEAD, WoundLevel.INCAPACITATED, WoundLevel.INCAPACITATED]
        # Sir Baelen took two wounds; a potion after the fight took one away
        assert [m.wounds.level for m in pcs] == [
            WoundLevel.STUNNED, WoundLevel.UNHARMED, WoundLevel.UNHARMED]
        # 5 CP each; Tam spent 4 on a Tracking pip; Sir Baelen earned a hero point
        assert [m.sheet.character_points for m in pcs] == [5, 5, 1]
        assert [m.sheet.hero_points for m in pcs] == [2, 1, 1]
        assert str(state.member("tam").sheet.skill("Tracking", state.settings)) == "4D+1"
        assert state.member("mira").caster.failures == 1  # her Lightning Bolt failed
        types = [e["type"] for e in s.events]
        assert types.count("round_started") == 4 and types.count("attacked") == 14
        assert {"stay_up_rolled", "spell_cast", "healed", "session_ended", "cp_spent"} <= set(
            types)
        tracking = next(e for e in s.events if e["type"] == "rolled")
        assert tracking["roll"]["source"] == "table"  # typed from real dice
        # table dice were switched on for that roll and off again, in the log
        assert [e["on"] for e in s.events if e["type"] == "table_dice_set"] == [True, False]
        # hand-to-hand: Sir Baelen's sword meets the Town Guard's Parry less 5
        assert any(e["type"] == "attacked" and e["attacker"] == "sir-baelen" and e["tn"] == 8
                   for e in s.events)
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
    assert "## Session 1" in md and "### Round 4" in md
    assert "Sir Baelen 5 CP +1 hero" in md
    assert "was knocked out" in md and "### Sir Baelen" in md
    # each hit says where it left its target
    assert "hit for 26 against 19 \u2192 Town Guard 1: Incapacitated" in md
