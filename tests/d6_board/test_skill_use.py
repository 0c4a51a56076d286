""""Perform a Skill" (house skills): a skill whose use would change nothing is not offered,
``why_not`` says why, and no marker is spent for nothing; once it would do something it is
offered again."""

from __future__ import annotations

from dataclasses import replace

from d6tui.games.d6_board.refusals import why_not
from tests.d6_board.helpers import begun, ids, play, put, set_up


def test_second_wind_only_with_an_hp_lost() -> None:
    hp = int(set_up().rules["hp"])
    full = begun(set_up(), "5", klass="slayer", stats=(4, 4, 4, 5), hp=hp)
    assert "skill:second_wind" not in ids(full)
    assert "has lost none" in why_not(full, 0, "skill:second_wind")
    hurt = full.with_hero(0, hp=hp - 1)
    assert "skill:second_wind" in ids(hurt)
    assert play(hurt, "skill:second_wind").heroes[0].hp == hp


def test_scavenge_not_at_the_gold_cap() -> None:
    cap = int(set_up().rules["gold_cap"])
    rich = begun(set_up(), "5", klass="explorer", stats=(4, 4, 4, 5), gold=cap)
    assert "skill:scavenge" not in ids(rich) and "most a hunter" in why_not(
        rich, 0, "skill:scavenge")
    assert "skill:scavenge" in ids(rich.with_hero(0, gold=cap - 1))


def test_bramble_step_not_when_stealth_is_sure_already() -> None:
    state = begun(set_up(), "5", klass="woodling", stats=(4, 4, 4, 5))
    assert "skill:bramble_step" in ids(state)
    sure = replace(state, sneak=True)
    assert "skill:bramble_step" not in ids(sure) and "succeeds already" in why_not(
        sure, 0, "skill:bramble_step")


def _rolled(buffs: int = 0, env: bool = False):  # noqa: ANN202
    state = begun(set_up(), "5", klass="mesmerist", stats=(4, 4, 4, 5), hand=())
    state, tok = put(state, "goblin", "5")
    state = replace(state, enemies=tuple(replace(e, buffs=buffs) if e.token == tok else e
                                         for e in state.enemies))
    if env:
        state = replace(state, environment=(("5", state.kind(tok)["env"]),))
    state = play(state, f"fight:{tok}")
    return play(state, "attack:natural", {"hero1": 3, "enemy": 3})


def test_mesmerize_only_with_a_buff_or_an_environment_bonus() -> None:
    bare = _rolled()
    assert "skill:mesmerize" not in ids(bare)
    assert "has none" in why_not(bare, 0, "skill:mesmerize")
    for state in (_rolled(buffs=1), _rolled(env=True)):
        assert "skill:mesmerize" in ids(state)
        after = play(state, "skill:mesmerize")
        assert "now 3 to 3" in after.note or after.combat.mesmerized


def test_beguile_not_on_an_enemy_with_nowhere_to_go() -> None:
    state = begun(set_up(), "5", klass="mesmerist", stats=(4, 4, 4, 5))
    state, tok = put(state, "goblin", "5")
    state = replace(state, engaged=(tok,))
    assert f"skill:beguile:{tok}" in ids(state)
    # a map where space 5 leads only to the Village: nowhere to send the goblin
    name = state.options.get("map", "standard")
    m = dict(state.map, links=dict(state.map["links"], **{"5": ["V"]}))
    cut = replace(state, content=dict(state.content,
                                      maps=dict(state.content["maps"], **{name: m})))
    assert f"skill:beguile:{tok}" not in ids(cut)
    assert "no space to be sent to" in why_not(cut, 0, f"skill:beguile:{tok}")
