"""The solo and co-op Hide Collection modes (rulebook Part III "Solo & Co-op"): setup, the
turn, kills counting for one thing, the max turn counter, winning and losing, the Heroic
Benefits, Guardians, specialty hides into a chosen monster, companions; random play."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from d6tui.engine.errors import RuleError
from d6tui.engine.game import find_move
from d6tui.engine.session import Session
from d6tui.games.d6_board import hides
from d6tui.games.d6_board.bot import play_out
from d6tui.games.d6_board.combat import enemy_total, hero_total
from d6tui.games.d6_board.hide_state import CARRIER
from d6tui.games.d6_board.moves import moves, seat_to_move
from d6tui.games.d6_board.state import Prompt
from tests.d6_board.helpers import begun, ids, new_session, play, put, random_answers, set_up


def solo(companion: str = "kitteh", seed: int = 1, **options: object):  # noqa: ANN201
    """A solo board after setup."""
    return set_up(seed, ["Ann"], mode="solo", companion=companion, **options)


def coop(seed: int = 1, **options: object):  # noqa: ANN201
    """A two-hunter co-op board after setup."""
    return set_up(seed, ["Ann", "Bob"], mode="coop", **options)


def _kill(state, kind: str, space: str = "5"):  # noqa: ANN001, ANN202
    """Fight and slay a ``kind`` in ``space`` (the hero already there): the claim waits."""
    state, tok = put(state, kind, space)
    state = play(state, f"fight:{tok}")
    state = play(state, "attack:natural", {"hero1": 6, "enemy": 1})
    return play(state, "resolve"), tok


# -- setup ----------------------------------------------------------------------------------


def test_solo_is_one_hunter_and_standard_two_or_more() -> None:
    """"Solo & Co-op": solo is for one; the standard game and co-op need 2-4."""
    with pytest.raises(RuleError):
        new_session(1, ["Ann", "Bob"], mode="solo")
    with pytest.raises(RuleError):
        new_session(1, ["Ann"])
    with pytest.raises(RuleError):
        new_session(1, ["Ann"], mode="coop")


def test_the_mode_is_recorded_in_the_save() -> None:
    """The mode, the companion and the specialty option are in the first event."""
    s = new_session(1, ["Ann"], mode="solo", companion="bird", specialty="advanced")
    first = s.events[0]
    assert (first["mode"], first["companion"], first["specialty"]) == ("solo", "bird",
                                                                       "advanced")
    assert s.state.hc.companion == "bird" and s.state.hc.specialty == "advanced"
    standard = new_session(1, ["Ann", "Bob"]).events[0]
    assert "mode" not in standard and standard.get("type") == "game_started"


def test_solo_setup() -> None:
    """"Setup": the red-dot board only, four enemies, eight bounties, no Heroic Quest card,
    four turns, three markers, the companion in its carrier."""
    s = new_session(2, ["Ann"], mode="solo")
    choose = find_move(moves(s.state, 0), "choose")
    boards = [v for v, _ in choose.choices[2].options]
    assert boards == ["red_dot"]
    state = solo(seed=2)
    assert len(state.enemies) == 4
    assert len(state.bounties) == 8
    assert not any(c.startswith("Q") for c in state.heroes[0].hand)
    hc = state.hc
    assert (hc.turn, hc.max_turns, hc.markers, hc.companion_at) == (1, 4, 3, CARRIER)


def test_coop_setup_offers_every_board_but_the_solo_one() -> None:
    """"Setup": in co-op each hunter picks any board; no companion."""
    s = new_session(2, ["Ann", "Bob"], mode="coop")
    boards = [v for v, _ in find_move(moves(s.state, 0), "choose").choices[2].options]
    assert "red_dot" not in boards and len(boards) == 4
    assert coop().hc.companion == ""


def test_turn_begins_with_two_spawns_and_two_gathers_solo_one_and_one_coop() -> None:
    """"Spawn/Gather": solo two spawns and two gathers, co-op one and one."""
    state = solo()
    m = find_move(moves(state, 0), "begin")
    assert [(d.name, d.count) for d in m.dice] == [("spawn", 2), ("gather", 2)]
    before = len(state.enemies)
    state = play(state, "begin", {"spawn": [3, 6], "gather": [2, 2]})
    assert len(state.enemies) == before + 2 and state.heroes[0].gold >= 4
    c = coop()
    assert [(d.name, d.count) for d in find_move(moves(c, 0), "begin").dice] == [
        ("spawn", 1), ("gather", 1)]


def test_no_cash_cube_in_these_modes() -> None:
    """"Companions": there are no Cash Cubes in solo or co-op play."""
    state = begun(solo(), "5", gold=10)
    assert "cube" not in ids(state)


# -- kills ----------------------------------------------------------------------------------


def test_a_kill_counts_for_exactly_one_thing() -> None:
    """"Hide Collection": a bounty, the hide board, or a wild hide, never two."""
    state = begun(solo(), "5", stats=(4, 4, 4, 4))
    state = replace(state, bounties=("B01",) + state.bounties[1:])
    card = state.card("B01")
    kind = next(k for k in hides.monsters(state)
                if state.content["enemies"][k]["class"] == card["class"])
    state = state.with_hero(0, space=str(card["space"]))
    state, tok = _kill(state, kind, str(card["space"]))
    opts = [m for m in ids(state) if m.startswith("claim:")]
    assert {"claim:bounty:B01", "claim:board", "claim:wild", "claim:none"} <= set(opts)
    after = play(state, "claim:board")
    assert after.hc.slots == {kind: tok} and after.heroes[0].backpack == ()
    assert after.heroes[0].wild == () and "B01" in after.bounties
    after = play(state, "claim:bounty:B01")
    assert after.hc.slots == {} and after.heroes[0].backpack == ("B01",)
    assert after.prompts[0].kind == "spawn"  # "an enemy will be spawned each time"
    assert "B01" not in after.bounties and len(after.bounties) == 7  # no new bounty


def test_bounties_move_the_max_turn_counter_only_when_delivered() -> None:
    """"Winning and Losing": collecting is not enough; each bounty delivered moves it."""
    state = begun(solo(), "1", backpack=("B01", "B02"))
    assert state.hc.max_turns == 4
    state = play(state, "move:V")
    assert state.hc.max_turns == 6 and state.heroes[0].delivered == ("B01", "B02")


def test_out_of_turns_loses_and_the_fifteenth_hide_wins() -> None:
    """"Winning and Losing"."""
    state = begun(solo(), "V", stats=(4, 4, 4, 4))
    state = hides.with_hc(state, turn=4)
    state = play(state, "rest")
    assert state.over and state.hc.result == "lost" and state.winners == ()
    state = begun(solo(), "5", stats=(4, 4, 4, 4))
    kinds = hides.monsters(state)
    filled = {k: f"X{i}" for i, k in enumerate(kinds[:-1])}
    state = hides.with_hc(state, slots=filled)
    state, _ = _kill(state, kinds[-1])
    state = play(state, "claim:board")
    assert state.over and state.hc.result == "won" and state.winners == (0,)


def test_dragons_and_the_kraken_take_any_slot_at_once() -> None:
    """"Special Enemies": worth any one hide, placed at once."""
    state = begun(solo(), "5", stats=(6, 4, 4, 4))
    state, tok = _kill(state, "kraken")
    assert state.prompts[0].kind == "place"
    assert [m for m in ids(state) if m.startswith("slot:")] == [
        f"slot:{k}" for k in hides.monsters(state)]
    state = play(state, "slot:minotaur")
    assert state.hc.slots == {"minotaur": tok} and state.heroes[0].trophies == ()


def test_plants_of_eden_are_only_coins() -> None:
    """"Special Enemies": no hide, no bounty; two coins; back to the bag."""
    state = begun(solo(), "5", stats=(6, 4, 4, 4), gold=0)
    state, tok = put(state, "plant_of_eden", "5")
    state = play(state, "fight:" + tok)
    state = play(state, "attack:natural", {"hero1": 6})
    state = play(state, "resolve")
    assert tok in state.bag and state.hc.slots == {} and state.heroes[0].gold == 2
    assert not state.prompts


# -- Heroic Benefits ------------------------------------------------------------------------


def test_heroic_benefits_roll_d8_solo_d10_coop_on_a_complete_turn() -> None:
    """"Heroic Quest Deck Replacement": a die instead of two cards; a marker on the item."""
    state = replace(begun(solo(), "V"), actions=3)
    m = find_move(moves(state, 0), "rest")
    assert [(d.name, d.die.sides) for d in m.dice] == [("benefit", 8)]
    after = play(state, "rest", {"benefit": 5})
    assert after.hc.benefits == ("5",) and after.hc.turn == 2
    assert not any(c.startswith("Q") for c in after.heroes[0].hand)
    early = play(replace(begun(solo(), "V"), actions=1), "rest")
    assert early.hc.benefits == () and early.hc.turn == 2
    c = replace(begun(coop(), "V"), actions=3)
    assert find_move(moves(c, 0), "rest").dice[0].die.sides == 10


def test_no_free_marker_means_nothing_or_moving_one() -> None:
    """"Heroic Quest Deck Replacement": out of markers, gain nothing or move one."""
    state = hides.with_hc(replace(begun(solo(), "V"), actions=3), benefits=("1", "2", "3"))
    state = play(state, "rest", {"benefit": 7})
    assert state.prompts[0].kind == "benefit"
    assert set(ids(state)) == {"benefit:1", "benefit:2", "benefit:3", "benefit:none"}
    assert play(state, "benefit:none").hc.benefits == ("1", "2", "3")
    assert play(state, "benefit:2").hc.benefits == ("1", "7", "3")


def test_a_held_benefit_is_used_once_and_frees_its_marker() -> None:
    """House items: Lucky Purse (3 gold) and Battle Cry (+2 after the roll)."""
    state = hides.with_hc(begun(solo(), "5", gold=0, stats=(4, 4, 4, 4)), benefits=("5", "2"))
    state = play(state, "use:5")
    assert state.heroes[0].gold == 3 and state.hc.benefits == ("2",)
    state, tok = put(state, "goblin", "5")
    state = play(state, f"fight:{tok}")
    state = play(state, "attack:natural", {"hero1": 2, "enemy": 3})
    before = hero_total(state)
    state = play(state, "use:2")
    assert hero_total(state) == before + 2 and state.hc.benefits == ()


# -- specialty hides ------------------------------------------------------------------------


def _engaged_with_spec(specialty: str):  # noqa: ANN202
    state = solo(specialty=specialty)
    state = begun(state, "5", stats=(4, 4, 4, 4))
    state, a = put(state, "gnoll", "S")
    state, b = put(state, "owlbear", "S")
    state, c = put(state, "mummy", "S")
    state = replace(state, enemies=tuple(e for e in state.enemies if e.space != "S"))
    state = state.with_hero(0, specialty=(a, b, c))
    state, tok = put(state, "goblin", "5")
    return play(state, f"fight:{tok}"), tok


def test_specialty_hides_turn_a_monster_into_a_chosen_monster_standard() -> None:
    """"Specialty Hides", Standard Option: the chosen monster, a D6 for one round."""
    state, tok = _engaged_with_spec("standard")
    m = find_move(moves(state, 0), "transform")
    assert ("minotaur", "Minotaur (rogue)") in m.choices[0].options
    state = play(state, "transform", klass="minotaur")
    atk = find_move(moves(state, 0), "attack:natural")
    assert atk.dice[-1].die.sides == 6
    state = play(state, "attack:natural", {"hero1": 6, "enemy": 2})
    state = play(state, "resolve")
    assert state.prompts[0].reward == f"{tok}:minotaur"
    assert "claim:board" in ids(state)


def test_specialty_hides_advanced_option_uses_that_monsters_weapon_for_good() -> None:
    """"Specialty Hides", Advanced Option: its own weapon; never its environment bonus."""
    state, tok = _engaged_with_spec("advanced")
    state = replace(state, environment=(("5", "dungeon"),))
    state = play(state, "transform", klass="minotaur")
    atk = find_move(moves(state, 0), "attack:natural")
    assert atk.dice[-1].die.sides == 10
    state = play(state, "attack:natural", {"hero1": 1, "enemy": 5})
    assert enemy_total(state) == 5  # no +1 for the minotaur's dungeon
    state = play(state, "resolve")
    assert state.hc.forms == {tok: "minotaur"}  # the monster won: it stays a minotaur


# -- companions -----------------------------------------------------------------------------


def _with_companion(cid: str, space: str = "5", env: tuple = ()):  # noqa: ANN001, ANN202
    state = begun(solo(cid), space, stats=(4, 4, 4, 4))
    state = replace(state, environment=tuple((space, p) for p in env))
    state = hides.with_hc(state, companion_at=space)
    state, tok = put(state, "goblin", space)
    return play(state, f"fight:{tok}")


@pytest.mark.parametrize(("cid", "env", "plus"), [
    ("kitteh", (), 1), ("crustacean", (), 0), ("crustacean", ("dungeon",), 2),
    ("wisp", ("forest", "trails", "hills"), 6), ("wisp", ("dungeon",), 0)])
def test_companion_bonuses(cid: str, env: tuple, plus: int) -> None:
    """"Companions": Kitteh +1, Crustacean +2 with a dungeon, the Wisp +2 a terrain
    (stacking: forest, trails and hills make +6)."""
    state = _with_companion(cid, env=env)
    state = play(state, "attack:natural", {"hero1": 3, "enemy": 1})
    assert hero_total(state) == 3 + plus


def test_the_bird_rolls_a_d4_with_the_d6_only() -> None:
    """"The Bird": one more D4, only with the hero's D6."""
    state = _with_companion("bird")
    sides = [d.die.sides for d in find_move(moves(state, 0), "attack:natural").dice]
    assert sides == [6, 4, 4]  # hero D6, the Bird's D4, the goblin's D4
    state = play(state, "attack:natural", {"hero1": 3, "hero2": 4, "enemy": 1})
    assert hero_total(state) == 7
    holy = [m for m in moves(state, 0) if m.id == "attack:holy"]
    assert not holy


def test_companion_help_needs_the_same_space() -> None:
    """"Companions": its advantage works only when it shares the hero's space."""
    state = _with_companion("kitteh")
    state = hides.with_hc(state, companion_at="4")
    state = play(state, "attack:natural", {"hero1": 3, "enemy": 1})
    assert hero_total(state) == 3


def test_companion_reward_deploys_pays_or_fetches() -> None:
    """"Companions": a gather's 1 on the red-dot board: deploy, two coins, or call it."""
    state = begun(solo(), "4", gold=0)
    assert state.content["gather_boards"]["red_dot"]["rewards"][0] == "advantage"
    state = play(state, "gather", {"gather": 1})
    assert state.hc.companion_at == "4" and not state.heroes[0].hand[1:]
    state = replace(state, actions=0)
    state = play(state, "gather", {"gather": 1})
    assert state.heroes[0].gold == 2
    state = hides.with_hc(replace(state, actions=0), companion_at="9")
    state = play(state, "gather", {"gather": 1})
    assert state.prompts[0].kind == "fetch"
    assert play(state, "fetch:yes").hc.companion_at == "4"
    assert play(state, "fetch:no").hc.companion_at == "9"


def test_companion_moves_a_space_for_each_action() -> None:
    """"Companions": spending an action lets it move one space (optional)."""
    state = hides.with_hc(begun(solo(), "4"), companion_at="4")
    assert "companion" not in ids(state)
    state = play(state, "move:5")
    assert state.hc.companion_moves == 1
    state = play(state, "companion", to="5")
    assert state.hc.companion_at == "5" and "companion" not in ids(state)


def test_losing_an_hp_beside_the_companion_recalls_it() -> None:
    """"Companions": an HP lost in its space sends it to its carrier."""
    state = _with_companion("kitteh")
    state = play(state, "attack:natural", {"hero1": 1, "enemy": 4})
    state = play(state, "resolve")
    assert state.heroes[0].hp == 2 and state.hc.companion_at == CARRIER


def test_hero_swap_with_the_companion() -> None:
    """"Companions": you may Hero Swap with it (no free gather: it is no hunter)."""
    state = solo()
    state = state.with_hero(0, klass="explorer")
    state = begun(state, "5", stats=(4, 4, 4, 4))
    state = hides.with_hc(state, companion_at="9")
    state, tok = put(state, "goblin", "5")
    state = replace(state, engaged=(tok,))
    swap = find_move(moves(state, 0), "skill:hero_swap")
    assert ("companion", "your companion in space 9") in swap.choices[0].options
    state = play(state, "skill:hero_swap", target="companion")
    assert state.heroes[0].space == "9" and state.hc.companion_at == "5"
    assert state.engaged == () and not state.prompts


# -- whole games ----------------------------------------------------------------------------


def _tokens_ok(state) -> bool:  # noqa: ANN001
    on_board = [e.token for e in state.enemies]
    held = [t for h in state.heroes for t in (*h.specialty, *h.wild, *h.trophies) if t]
    slots = list(state.hc.slots.values())
    waiting = [p.reward.split(":")[0] for p in state.prompts if p.kind in ("claim", "place")]
    return sorted([*state.bag, *on_board, *held, *slots, *waiting]) == sorted(state.tokens)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(["solo", "coop"]),
       companion=st.sampled_from(["bird", "kitteh", "crustacean", "wisp"]),
       specialty=st.sampled_from(["standard", "advanced"]), table=st.booleans(),
       advanced_map=st.booleans())
def test_random_play_always_ends(seed: int, mode: str, companion: str, specialty: str,
                                 table: bool, advanced_map: bool) -> None:
    """Random legal play of either mode ends; tokens are conserved; a win means all 15
    hides on the board; the turn never passes the max turn counter."""
    rng = random.Random(seed)
    players = ["A"] if mode == "solo" else ["A", "B", "C"][: 2 + seed % 2]
    # "Companions are not used in the co-op version" (Hide Collection Board): solo only.
    extra = {"companion": companion} if mode == "solo" else {}
    s = new_session(seed, players, mode=mode, specialty=specialty, **extra,
                    edition="table" if table else "house",
                    map="advanced" if advanced_map else "standard")
    for _ in range(6000):
        state = s.state
        if state.over:
            break
        seat = seat_to_move(state)
        legal = moves(state, seat)
        assert legal, f"no move for seat {seat} in {state.phase}"
        m = rng.choice(legal)
        answers = random_answers(m, rng)
        s.play(m, answers)
        assert _tokens_ok(s.state)
        assert s.state.hc.turn <= s.state.hc.max_turns + 1
    state = s.state
    assert state.over
    if state.hc.result == "won":
        assert set(state.hc.slots) == set(hides.monsters(state))
    else:
        assert state.hc.result == "lost" and state.hc.turn > state.hc.max_turns


@pytest.mark.parametrize("mode", ["solo", "coop"])
def test_the_bot_plays_the_mode_to_its_end_and_the_save_replays(mode: str, tmp_path) -> None:  # noqa: ANN001
    """The bot plays every seat to the end; the saved log folds to the same board."""
    players = ["Ann"] if mode == "solo" else ["Ann", "Bob"]
    path = tmp_path / "hc.toml"
    companion = {"companion": "wisp"} if mode == "solo" else {}  # solo only
    s = Session.new("d6_board", {"players": players, "seed": 7, "mode": mode, **companion},
                    path=path, title="t")
    play_out(s, random.Random(7))
    assert s.state.over and s.state.hc.result in ("won", "lost")
    assert Session.load(path).state == s.state


def test_prompt_kinds_have_words() -> None:
    """The status line names what each of the mode's questions waits for."""
    from d6tui.games.d6_board.describe import waiting_for

    state = solo()
    for kind, words in (("claim", "slain monster"), ("place", "Guardian"),
                        ("fetch", "companion"), ("benefit", "Heroic Benefits")):
        assert words in waiting_for(replace(state, prompts=(Prompt(0, kind, "T01:gnoll"),)))


def test_long_hunt_rolled_on_the_last_turn_is_not_wasted() -> None:
    """Long Hunt (+1 max turn) rolled at the rest of the last turn moves the counter before
    the dial passes it ("Winning and Losing"): the game goes on for one more turn. (Co-op:
    Long Hunt is a face of the co-op D10 only.)"""
    state = replace(begun(coop(), "V"), actions=3)
    long_hunt = next(k for k, b in state.content["benefits"].items() if b["effect"] == "turn")
    state = hides.with_hc(state, turn=4, max_turns=4)
    after = play(state, "rest", {"benefit": int(long_hunt)})
    assert not after.over and after.hc.turn == 5 and after.hc.max_turns == 5
    assert long_hunt not in after.hc.benefits
    other = next(k for k, b in state.content["benefits"].items() if b["effect"] != "turn")
    assert play(state, "rest", {"benefit": int(other)}).over  # any other item: the end
