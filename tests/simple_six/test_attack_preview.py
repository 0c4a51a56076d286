"""What the attack box shows, asked of the rules: targets with their state, weapons with
their dice, defenses with their values and TNs (the best first, and the TN the attack then
meets), and the verdict in words ("Static Defenses", "Defensive Options", "Damage")."""

from __future__ import annotations

from d6tui.games.simple_six import attack_preview as ap
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.sheet import block, dodge, parry
from tests.simple_six.test_campaign import party

_INIT = {"sir-baelen": ([3, 3], [2]), "mira": ([6, 6, 6], [5]), "orc": ([1], [1])}


def _fight(options: dict | None = None):  # noqa: ANN202
    s = party(options)
    s.do(c.start_combat, ["sir-baelen", "mira", "orc"])
    s.do(c.start_round, typed=_INIT)
    return s


def test_static_defenses_show_their_values_and_tns_best_first() -> None:
    s = _fight()
    st = s.state
    rows = ap.defenses(st, "mira", "sir-baelen", ranged=False)
    assert [r.value for r in rows][-1] == "full"
    tns = [r.tn for r in rows[:-1]]
    assert tns == sorted(tns, reverse=True)  # the best first
    baelen = st.member("sir-baelen").sheet
    values = {"dodge": dodge(baelen, st.settings), "block": block(baelen, st.settings),
              "parry": parry(baelen, st.settings)}
    for r in rows[:-1]:
        name = r.value.capitalize()
        assert r.label.startswith(f"{name} {values[r.value]} -> TN {r.tn}")
    # a missile is dodged: no Block or Parry; range and cover are in the TN
    ranged = ap.defenses(st, "mira", "orc", ranged=True, range_="medium", cover=50)
    assert [r.value for r in ranged] == ["dodge", "full"]
    near = ap.defenses(st, "mira", "orc", ranged=True, range_="short")
    assert ranged[0].tn == near[0].tn + 5 + 5  # medium +5, half cover +5


def test_the_tn_shown_is_the_tn_the_attack_meets() -> None:
    s = _fight()
    for row in ap.defenses(s.state, "mira", "orc", ranged=True, range_="short"):
        kw = {"defense": "dodge", "full_dodge": row.value == "full"}
        ev = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
                  typed={"attack": ([1, 1, 1, 1, 1], [1])}, **kw)
        assert ev["tn"] == row.tn
        s.undo()


def test_traditional_defenses_are_rolled_and_no_defense_has_its_tn() -> None:
    s = _fight({"seed": 3, "combat": "traditional"})
    rows = ap.defenses(s.state, "mira", "orc", ranged=False)
    assert rows[0].value == "none" and rows[0].tn == 5  # 10, hand-to-hand -5
    assert {r.value for r in rows} == {"none", "dodge", "parry", "block", "full_dodge"}
    assert all(r.tn is None and "rolled" in r.label for r in rows[1:])


def test_targets_keep_the_dead_with_their_state_and_weapons_show_their_dice() -> None:
    s = _fight()
    ev = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
              typed={"attack": ([6] * 5, [5]), "damage": ([6] * 3, [6, 6, 6, 2])})
    assert s.state.member("orc").wounds.dead, ev
    rows = ap.targets(s.state, "mira")
    assert [(t.tag, t.name, t.dead) for t in rows] == [("1", "Sir Baelen", False),
                                                       ("3", "Orc", True)]
    assert rows[1].state == "Dead"
    labels = [w.label for w in ap.weapons(s.state, "mira")]
    assert labels[0].startswith("Bow: Bow 6D, damage ")
    assert labels[-1].startswith("bare hands: Brawling ")


def test_the_verdict_in_words() -> None:
    s = _fight()
    before = s.state
    ev = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
              typed={"attack": ([1] * 5, [1])})
    assert ap.verdict(ev, before, s.state) == f"missed: 6 against TN {ev['tn']}"
    s.undo()
    ev = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
              typed={"attack": ([6] * 5, [5]), "damage": ([1] * 3, [1])})
    text = ap.verdict(ev, before, s.state)
    assert text.startswith(f"35 against TN {ev['tn']}: hit for ")
    assert f"against Soak {ev['resistance']}" in text
    assert text.endswith(": no wound") or "->" in text
    s.undo()
    ev = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
              typed={"attack": ([6] * 5, [5]), "damage": ([6] * 3, [6, 6, 6, 2])})
    assert ap.verdict(ev, before, s.state).endswith("-> Dead")


def test_a_targets_state_is_said_once() -> None:
    from d6tui.games.simple_six.attack_preview import TargetRow

    dying = TargetRow("goblin-3", "6", "Goblin 3", "Mortally Wounded", False,
                      "Mortally Wounded")
    assert dying.words == "Mortally Wounded"
    asleep = TargetRow("orc", "3", "Orc", "Wounded", False, "asleep (Sleep)")
    assert asleep.words == "Wounded, asleep (Sleep)"
    assert TargetRow("mira", "2", "Mira", "unharmed", False, None).words == "unharmed"
