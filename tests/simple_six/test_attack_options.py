"""What an attack offers, asked of the rules (d6tui.games.simple_six.attack_options):
"Static Defenses", "Defensive Options", "Combat"."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign
from d6tui.games.simple_six.attack_options import (
    attack_skill,
    attack_targets,
    defense_options,
    no_defense_reason,
)
from d6tui.games.simple_six.wounds import WoundLevel
from tests.ui.test_simple_six_flows import new_campaign

EXAMPLE = Path(__file__).parents[2] / "saves" / "simple-six-example.toml"


def values(opts: list[tuple[str, str]]) -> list[str]:
    return [v for _, v in opts]


def test_block_and_parry_stop_blows_not_missiles_in_both_combat_systems() -> None:
    c = Session.load(EXAMPLE).state
    static = replace(c, settings=replace(c.settings, combat="static"))
    trad = replace(c, settings=replace(c.settings, combat="traditional"))
    assert values(defense_options(static, ranged=False)) == [
        "melee", "dodge", "full", "block", "parry"]
    assert values(defense_options(static, ranged=True)) == ["dodge", "full"]
    assert values(defense_options(trad, ranged=False)) == [
        "none", "dodge", "block", "parry", "full_dodge"]
    assert values(defense_options(trad, ranged=True)) == ["none", "dodge", "full_dodge"]


def test_bare_hands_use_brawling_and_a_bow_its_own_skill() -> None:
    c = Session.load(EXAMPLE).state
    pc = next(m for m in c.members if not m.sheet.npc)
    assert attack_skill(pc.sheet, None, c) == "Brawling"
    assert attack_skill(pc.sheet, "Bow", c) == c.settings.skills.canonical("Bow")
    assert attack_skill(pc.sheet, "Rapier", c) == c.settings.skills.canonical("Sword")


def test_targets_leave_out_the_attacker_and_the_dead_and_a_helpless_one_has_no_defense(
        tmp_path: Path) -> None:
    s = new_campaign(tmp_path)
    s.do(campaign.start_session)
    ids = [m.id for m in s.state.members]
    s.do(campaign.start_combat, ids)
    c = s.state
    first = ids[0]
    assert [m.id for m in attack_targets(c, first)] == ids[1:]
    victim = c.member(ids[1])
    dead = replace(victim, wounds=replace(victim.wounds, level=WoundLevel.DEAD))
    c2 = replace(c, members=tuple(dead if m.id == victim.id else m for m in c.members))
    assert [m.id for m in attack_targets(c2, first)] == ids[2:]
    assert no_defense_reason(c, c.member(ids[2])) is None
    down = replace(victim, wounds=replace(victim.wounds, level=WoundLevel.MORTALLY_WOUNDED))
    c3 = replace(c, members=tuple(down if m.id == victim.id else m for m in c.members))
    assert "no defense, Very Easy TN" in (no_defense_reason(c3, down) or "")
