"""Combat in seven steps, outcomes, poison, hides, bounties, Cash Cubes, chibbing out."""

from __future__ import annotations

from dataclasses import replace

from d6tui.games.d6_board.combat import enemy_total
from d6tui.games.d6_board.state import Combat, Prompt
from tests.d6_board.helpers import begun, ids, play, put, set_up


def _fight(kind: str = "goblin", space: str = "5", **hero):  # noqa: ANN003, ANN202
    state = begun(set_up(), space, **{"stats": (4, 4, 4, 4), "hand": (), **hero})
    state, tok = put(state, kind, space)
    state = play(state, f"fight:{tok}")
    return state, tok


def test_declare_then_weapon_then_roll_then_resolve() -> None:
    """Steps 1, 4, 5, 7; "Enemy Engagement": a win gives two coins."""
    state, tok = _fight(gold=0)
    assert state.combat is not None and state.combat.step == "weapon"
    state = play(state, "attack:natural", {"hero1": 4, "enemy": 1})
    assert state.combat.step == "rolled"
    state = play(state, "resolve")
    assert state.enemy(tok) is None and state.heroes[0].gold == 2 and state.combat is None


def test_tie_goes_to_strength_six_only() -> None:
    """"Enemy Engagement": a tie is a win only with strength 6."""
    state, tok = _fight(stats=(6, 4, 4, 4))
    state = play(state, "attack:natural", {"hero1": 3, "enemy": 3})
    assert "you win" in next(m for m in ids_labels(state) if m[0] == "resolve")[1]
    state, tok = _fight(stats=(5, 4, 4, 4))
    state = play(state, "attack:natural", {"hero1": 3, "enemy": 3})
    after = play(state, "resolve")
    assert after.heroes[0].hp == 2 and after.locked == tok


def ids_labels(state):  # noqa: ANN001, ANN201
    from d6tui.games.d6_board.moves import moves, seat_to_move
    return [(m.id, m.label) for m in moves(state, seat_to_move(state))]


def test_environment_and_hunters_moon() -> None:
    """"Know Thine Enemy" (+1 in its environment), GM's Note (Hunters' Moon +2 monsters)."""
    state, tok = _fight("goblin", "5")
    state = replace(state, environment=(("5", "hills"),))
    state = play(state, "attack:natural", {"hero1": 6, "enemy": 2})
    assert enemy_total(state) == 3
    assert enemy_total(replace(state, round=3)) == 5  # round 3 is the standard Moon


def test_guardians_get_no_moon_or_buffs() -> None:
    """"Guardians": no buffs, no environment, no Hunters' Moon."""
    state, tok = _fight("red_dragon", "5")
    state = replace(state, round=3)
    state = play(state, "attack:natural", {"hero1": 6, "enemy": 5})
    assert enemy_total(state) == 5


def test_plants_of_eden_attack_grows_with_other_plants() -> None:
    """"Plants of Eden": attack 3, +1 for every other Plant on the board; no roll."""
    state, tok = _fight("plant_of_eden", "5")
    state, _ = put(state, "plant_of_eden", "8")
    state = play(state, "attack:natural", {"hero1": 5})
    assert enemy_total(state) == 4
    state = play(state, "resolve")
    assert tok in state.bag  # Plants go back into the bag when defeated


def test_dragon_goes_beside_the_gather_board_for_glory() -> None:
    """"Guardians": Dragons and the Kraken are kept for glory at the end."""
    from d6tui.games.d6_board.state import glory
    state, tok = _fight("red_dragon", "5")
    state = play(play(state, "attack:natural", {"hero1": 6, "enemy": 1}), "resolve")
    assert state.heroes[0].trophies == (tok,) and glory(state, 0) == 3


def test_poison_drops_a_stat_instead_of_hp() -> None:
    """"Poison": a poisonous hit drops a stat by 1; all at 3 is death."""
    state, tok = _fight("mushroom")
    state = play(play(state, "attack:natural", {"hero1": 1, "enemy": 4}), "resolve")
    assert state.heroes[0].hp == 3 and state.prompts[0].kind == "poison"
    state = play(state, "poison:wits")
    assert state.heroes[0].stat("wits") == 3
    state, tok = _fight("mushroom", stats=(3, 3, 3, 3))
    state = play(play(state, "attack:natural", {"hero1": 1, "enemy": 4}), "resolve")
    assert state.heroes[0].space == "S"


def test_ranged_weapon_takes_no_hit() -> None:
    """"Ranged": losing the roll does no harm; the card is spent ("one-time use")."""
    state, tok = _fight("orc", hand=("A25",))  # a Longbow
    assert state.card("A25")["flags"] == ["ranged"]
    state = play(state, "attack:A25", {"hero1": 1, "enemy": 6})
    state = play(state, "resolve")
    assert state.heroes[0].hp == 3 and "A25" not in state.heroes[0].hand


def test_dual_wield_rolls_two_dice() -> None:
    """"Dual Wield": two weapons at once, the rolls added; the natural D6 may be the second."""
    state, tok = _fight("orc", hand=("A01",))  # Rusty Dagger, d4 dual wield
    assert "attack:A01+natural" in ids(state)
    state = play(state, "attack:A01+natural", {"hero1": 4, "hero2": 6, "enemy": 6})
    from d6tui.games.d6_board.combat import hero_total
    assert hero_total(state) == 10


def test_critical_doubles_and_buffs_add() -> None:
    """"Critical" doubles the roll; hero buffs after the roll (Step 6)."""
    state, tok = _fight("orc", hand=("A31", "A35"))  # Headsman's Blade (crit), Whetstone
    state = play(state, "attack:A31", {"hero1": 3, "enemy": 6})
    from d6tui.games.d6_board.combat import hero_total
    assert hero_total(state) == 6
    state = play(state, "buff:A35")
    assert hero_total(state) == 7


def test_dogmud_rerolls_one_die_for_two_gold() -> None:
    """"DOGMUD": two gold for a reroll of one of your dice."""
    state, tok = _fight("orc", gold=4)
    state = play(state, "attack:natural", {"hero1": 1, "enemy": 3})
    state = play(state, "dogmud:0", {"roll": 6})
    assert state.combat.faces == (6,) and state.heroes[0].gold == 2


def test_holy_water_turns_the_d6_into_a_d12_against_undead() -> None:
    """"HOLY WATER": two gold, a D12 for one roll against the Undead."""
    state, tok = _fight("skeleton", gold=2)
    assert "attack:holy" in ids(state)
    state = play(state, "attack:holy", {"hero1": 11, "enemy": 2})
    assert state.combat.dice == (12,) and state.heroes[0].gold == 0


def test_gm_players_may_buff_a_monster_in_step_two() -> None:
    """Step 2, "The Role of the GM": other players buff the monster or pass."""
    state = begun(set_up(), "5", stats=(4, 4, 4, 4))
    state = state.with_hero(1, hand=("Q35",))  # Enrage, red
    assert state.card("Q35")["banner"] == "red"
    state, tok = put(state, "orc", "5")
    state = play(state, f"fight:{tok}")
    assert state.prompts[0] == Prompt(1, "gm_card")
    state = play(state, "red:Q35")
    assert state.enemy(tok).buffs == 1 and state.combat.step == "weapon"
    state = play(state, "attack:natural", {"hero1": 6, "enemy": 4})
    assert enemy_total(state) == 5
    state = play(state, "resolve")
    assert state.enemy(tok) is None


def test_buffs_are_discarded_after_a_round_and_extra_hp_stays() -> None:
    """"Buffs" / "Extra HP": buffs go after the first hit; HP coins until hit."""
    state, tok = _fight("orc")
    state = replace(state, enemies=tuple(replace(e, buffs=2, hp=2) for e in state.enemies))
    state = play(play(state, "attack:natural", {"hero1": 6, "enemy": 1}), "resolve")
    e = state.enemy(tok)
    assert e.buffs == 0 and e.hp == 1 and state.locked == tok


def test_bounty_goes_to_the_backpack_and_a_new_one_is_posted() -> None:
    """"Enemy Engagement": a bounty monster goes to the backpack, the token to the bag, a
    new bounty is flipped and the GM spawns an enemy."""
    state = set_up()
    b = state.bounties[0]
    card = state.card(b)
    kind = next(k for k, e in state.content["enemies"].items() if e["class"] == card["class"])
    space = str(card["space"])
    state = begun(state, space, stats=(4, 4, 4, 4))
    state, tok = put(state, kind, space)
    state = play(play(play(state, f"fight:{tok}"), "attack:natural",
                      {"hero1": 6, "enemy": 1}), "resolve")
    assert b in state.heroes[0].backpack and b not in state.bounties
    assert len(state.bounties) == 3 and tok in state.bag
    assert state.prompts[0] == Prompt(state.gm, "spawn")
    n = len(state.enemies)
    state = play(state, "spawn", {"roll": 7})
    assert len(state.enemies) == n + 1


def test_hides_specialty_then_wild_then_convert() -> None:
    """"Hides": specialty slots by class, else wild; two wild hides convert one."""
    state = set_up()
    state = replace(state, bounties=())
    board = state.content["gather_boards"][state.heroes[0].board]
    spec = board["specialty"]
    other = next(c for c in ("beast", "rogue", "bandit", "undead", "poison") if c not in spec)
    kind_spec = next(k for k, e in state.content["enemies"].items() if e["class"] == spec[0])
    kind_wild = next(k for k, e in state.content["enemies"].items() if e["class"] == other)
    st = begun(state, "5", stats=(4, 4, 4, 4))
    for kind in (kind_spec, kind_wild, kind_wild):
        st, tok = put(st, kind, "5")
        st = play(play(play(st, f"fight:{tok}"), "attack:natural", {"hero1": 6, "enemy": 1}),
                  "resolve")
    h = st.heroes[0]
    assert h.specialty[0] and len(h.wild) == 2 and st.prompts[0].kind == "convert"
    token = h.wild[0]
    st = play(st, f"convert:{token}:1")
    assert st.heroes[0].specialty[1] == token and st.heroes[0].wild == ()


def test_transform_makes_a_plain_d6_monster() -> None:
    """"Specialty Hides", Step 3: three hides turn a monster into a class, a D6, no bonus."""
    state = begun(set_up(), "5", stats=(4, 4, 4, 4), specialty=("T01", "T02", "T03"))
    state = replace(state, bag=state.bag - {"T01", "T02", "T03"}, round=3)
    state, tok = put(state, "minotaur", "5")
    state = play(play(state, f"fight:{tok}"), "transform", klass="bandit")
    assert {"T01", "T02", "T03"} <= state.bag
    assert [r.die.sides for r in next(m for m in __import__(
        "d6tui.games.d6_board.moves", fromlist=["x"]).moves(state, 0)
        if m.id == "attack:natural").dice] == [6, 6]
    state = play(state, "attack:natural", {"hero1": 2, "enemy": 3})
    assert enemy_total(state) == 3  # no Moon, no buffs


def test_chib_out_escapes_and_rolls_a_d4() -> None:
    """"Chibbing Out": flip, run to an adjacent space, no HP or action lost; a D4 after;
    no Advantage cards in chib form; Acupunch brings the hero back."""
    state, tok = _fight("orc", hand=("A10",), bottles=("acupunch", ""))
    state = play(state, "chib", to="2")
    h = state.heroes[0]
    assert h.chib and h.space == "2" and state.combat is None and state.actions == 0
    state, tok = put(state, "orc", "2")
    state = play(state, f"fight:{tok}")
    assert "attack:A10" not in ids(state)
    from d6tui.games.d6_board.moves import moves
    nat = next(m for m in moves(state, 0) if m.id == "attack:natural")
    assert nat.dice[0].die.sides == 4


def test_cash_cube_engages_on_entry_and_goes_home_when_beaten() -> None:
    """"Cash Cube": D12, no stealth past it, first to fight, back to its owner, no coins."""
    state = begun(set_up(), "V", stats=(4, 4, 4, 4), gold=0)
    state = state.with_hero(1, gold=5)
    from d6tui.games.d6_board.state import Enemy
    state = replace(state, enemies=(Enemy("cube:1", "cash_cube", "1"),))
    state = state.with_hero(1, cube="1")
    state, tok = put(state, "goblin", "1")
    state = play(state, "move:1")
    assert set(state.engaged) == {"cube:1", tok}
    assert [m for m in ids(state) if m.startswith("fight:")] == ["fight:cube:1"]
    state = play(play(play(state, "fight:cube:1"), "attack:natural",
                      {"hero1": 6, "enemy": 2}), "resolve")
    assert state.heroes[1].cube == "" and state.heroes[0].gold == 0


def test_own_cube_does_not_attack() -> None:
    """"Cash Cube": it will not attack its owner."""
    state = begun(set_up(), "V", gold=4)
    state = play(state, "cube", space="1")
    assert state.heroes[0].gold == 2 and state.heroes[0].cube == "1"
    state = play(state, "move:1")
    assert not state.engaged


def test_engaged_hero_cannot_rest() -> None:
    """"On Stealth": an engaged hero cannot end the turn without escaping."""
    state = begun(set_up(), "5")
    state, tok = put(state, "orc", "5")
    state = replace(state, engaged=(tok,))
    assert "rest" not in ids(state)
    state = state.with_hero(0, bottles=("wingso", ""))
    state = play(state, "potion:wingso")
    assert state.heroes[0].space == "V" and not state.engaged and "rest" in ids(state)


def test_combat_state_helpers() -> None:
    """A combat value keeps what a step needs (Steps 1-7)."""
    c = Combat("T01")
    assert c.step == "gm" and c.faces == ()


def test_no_chibbing_out_of_a_fight_the_roll_wins() -> None:
    """Part V and "Chibbing Out": chibbing out is for a hero about to lose; after a winning
    roll ("rolled 3 against 2") it is not offered, after a losing one it is."""
    from d6tui.games.d6_board.refusals import why_not

    state, _ = _fight("orc")
    assert "chib" in ids(state)  # before the roll
    won = play(state, "attack:natural", {"hero1": 3, "enemy": 1})
    assert "chib" not in ids(won)
    assert "about to lose" in why_not(won, 0, "chib")
    lost = play(state, "attack:natural", {"hero1": 1, "enemy": 6})
    assert "chib" in ids(lost)


def test_plant_of_eden_labels_show_the_attack_the_fight_uses() -> None:
    """"Know Thine Enemy", Plants of Eden: with Plants in spaces 5 and 10 each attacks 4
    (3, +1 for the other Plant); the move, the enemy label and the map say 4, as the fight
    uses (one rule function, ``fixed_attack``)."""
    from d6tui.games.d6_board.combat import enemy_label
    from d6tui.ui.d6_board.widgets import short_enemy

    state = begun(set_up(), "5", stats=(4, 4, 4, 4), hand=())
    state, tok = put(state, "plant_of_eden", "5")
    state, other = put(state, "plant_of_eden", "10")
    fight = next(label for mid, label in ids_labels(state) if mid == f"fight:{tok}")
    assert "attack 4" in fight and "attack 3" not in fight
    assert "attack 4" in enemy_label(state, other)
    assert "a4" in short_enemy(state, tok)
    state = play(play(state, f"fight:{tok}"), "attack:natural", {"hero1": 5})
    assert enemy_total(state) == 4


def test_notes_name_the_environment_and_the_moon() -> None:
    """"Know Thine Enemy", GM's Note: a total above the enemy's face says why, in the note
    at the roll and at the outcome, and in the log line ("6 to 5" alone did not)."""
    from d6tui.games.d6_board.log_lines import _enemy_bits

    state, tok = _fight("goblin", "5")
    state = replace(state, environment=(("5", "hills"),), round=3)
    before = state
    state = play(state, "attack:natural", {"hero1": 6, "enemy": 2})
    assert state.note == "rolled 6 against 2 + 1 environment + 2 Hunters' Moon: 6 to 5"
    assert _enemy_bits(replace(before, combat=state.combat)) == \
        " + 1 environment + 2 Hunters' Moon"
    after = play(state, "resolve")
    assert after.note.startswith("won 6 to 5 (+1 environment, +2 Hunters' Moon)")
    plain, _ = _fight("goblin", "5")
    plain = play(plain, "attack:natural", {"hero1": 6, "enemy": 2})
    assert plain.note == "rolled 6 against 2: 6 to 2"
