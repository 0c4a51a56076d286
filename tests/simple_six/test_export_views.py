"""What the exports show matches the screen: a Traditional + Body Points sheet shows DR and
Body Points now/most (no Fast Static table), the campaign record ends with the vehicles as
they stand, and a pilot roll's label carries its signed parts once ("+2D speed")."""

from __future__ import annotations

from d6tui.engine.dice import Dice
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import vehicle_commands as vc
from d6tui.games.simple_six import vehicle_stats
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.export import sheet_markdown
from d6tui.games.simple_six.rules import RULES

ARIA = Draft("Aria", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
             skills={"Medicine": "1D", "Search": "1D"}, perks=["Lucky", "Destiny", "Attractive"],
             armor=["Leather"])


def test_a_traditional_body_points_sheet_shows_dr_and_body_points_now() -> None:
    s = Session.new(RULES, {"seed": 1, "combat": "traditional", "wounds": "body_points"})
    s.do(c.add_character, ARIA, dice=Dice(1))
    m = s.state.member("aria")
    assert m.body is not None
    text = sheet_markdown(m.sheet, s.state.settings, m.body.current - 5)
    assert "| DR | Move |" in text and "Block" not in text and "Soak" not in text
    assert f"**Body Points:** {m.body.maximum - 5}/{m.body.maximum}" in text
    static = Session.new(RULES, {"seed": 1})
    static.do(c.add_character, ARIA, dice=Dice(1))
    text = sheet_markdown(static.state.member("aria").sheet, static.state.settings)
    assert "| Block | Dodge | Parry | Soak | Move |" in text


def test_the_campaign_record_lists_the_vehicles_now() -> None:
    s = Session.new(RULES, {"seed": 1})
    s.do(c.add_character, ARIA, dice=Dice(1))
    s.do(vc.add_vehicle, vehicle_stats.templates()[0], "Old Car")
    s.do(vc.crew_vehicle, "Old Car", "aria")
    text = RULES.export_markdown(s)
    assert "## The vehicles now" in text
    line = next(x for x in text.splitlines() if x.startswith("- **Old Car**"))
    assert "undamaged" in line and "Aria (pilot)" in line


def test_a_signed_part_of_a_pilot_label_is_not_doubled() -> None:
    s = Session.new(RULES, {"seed": 1, "skill_list": "imperium"})
    for name in ("Aria", "Bo"):
        s.do(c.add_character, Draft(name, {"Might": "3D", "Agility": "3D", "Wit": "3D",
                                           "Charm": "3D"}, skills={"Pilot": "2D", "Drive": "2D"},
                                    npc=True), dice=Dice(1))
    by = {t.name: t for t in vehicle_stats.templates()}
    kinds = vehicle_stats.templates()
    fast = next(t for t in kinds if t.speed == max(x.speed for x in kinds))
    slow = next(t for t in kinds if t.speed == min(x.speed for x in kinds))
    assert by
    s.do(vc.add_vehicle, fast, "Fast")
    s.do(vc.add_vehicle, slow, "Slow")
    s.do(vc.crew_vehicle, "Fast", "aria")
    s.do(vc.crew_vehicle, "Slow", "bo")
    s.do(vc.start_chase, "Fast", "Slow", "medium")
    ev = s.do(vc.chase_turn, "Fast", "Slow", dice=s.dice)
    labels = [r["label"] for k, r in ev.items() if isinstance(r, dict) and "label" in r]
    assert any("D speed" in x for x in labels), labels
    assert not any("+ +" in x or "+ -" in x for x in labels), labels
