"""The suggested homebrews as options (rulebook Part IV "Suggestions")."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from d6tui.engine.errors import RuleError
from d6tui.engine.game import find_move
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board import homebrews
from d6tui.games.d6_board.bot import play_out
from d6tui.games.d6_board.combat import enemy_total
from d6tui.games.d6_board.moves import moves, seat_to_move
from d6tui.games.d6_board.state import CUBE, Enemy
from tests.d6_board.helpers import begun, ids, new_session, play, put, random_answers, set_up


def test_unknown_homebrews_and_guardians_are_refused() -> None:
    with pytest.raises(RuleError):
        new_session(1, homebrews=["dragonslayer"])
    with pytest.raises(RuleError):
        new_session(1, handcuff=["gnoll"])


def test_handcuff_the_guardians_leaves_them_out_of_the_bag() -> None:
    """"Handcuff the Guardians": removed before the game begins."""
    s = new_session(1, handcuff=["red_dragon", "kraken"])
    kinds = set(s.state.tokens.values())
    assert "red_dragon" not in kinds and "kraken" not in kinds and "green_dragon" in kinds
    assert s.events[0]["handcuff"] == ["red_dragon", "kraken"]


def test_creature_quota_sends_a_spawn_on_to_the_next_space() -> None:
    """"Creature Quota": three at most; the next numbered space, looping, no Village."""
    state = set_up(homebrews=["quota"])
    state = replace(state, enemies=())
    for _ in range(3):
        state, _ = put(state, "goblin", "10")
    assert homebrews.quota(state, "10") == "1"
    assert homebrews.quota(state, "4") == "4"
    plain = replace(state, options={**state.options, "homebrews": []})
    assert homebrews.quota(plain, "10") == "10"


def test_overzealous_hunters_moon_counts_for_guardians() -> None:
    """"Overzealous Hunters' Moon": the +2 for every enemy."""
    for brews, plus in (([], 0), (["overzealous"], 2)):
        state = begun(set_up(homebrews=brews), "5", stats=(4, 4, 4, 4))
        state = replace(state, round=3)  # round 3 is the standard season's Hunters' Moon
        state, tok = put(state, "green_dragon", "5")
        state = play(state, f"fight:{tok}")
        state = play(state, "attack:natural", {"hero1": 1, "enemy": 4})
        assert enemy_total(state) == 4 + plus


def test_quiet_space_keeps_a_hunter_stealthy_until_leaving() -> None:
    """"Quiet Space": one passed check in a space holds there."""
    state = begun(set_up(homebrews=["quiet_space"]), "5", stats=(4, 5, 4, 4))
    state, _ = put(state, "goblin", "5")
    state = play(state, "gather", {"stealth": 1, "gather": 1})
    while state.prompts:
        state = play(state, ids(state)[0])
    assert state.quiet == "5"
    # the next action in the space asks for no stealth roll
    assert [d.name for d in find_move(moves(state, 0), "gather").dice] == ["gather"]
    state = play(state, "move:4")
    assert state.quiet == ""


def test_mercenary_cube_turns_a_cube_on_its_owner() -> None:
    """"Mercenary Cube": four gold; the Cube then threatens its owner too."""
    state = begun(set_up(homebrews=["mercenary"]), "5", gold=5)
    state = replace(state, enemies=(Enemy(f"{CUBE}1", "cash_cube", "7"),))
    assert fx.hostile(state, 1, "7") == ()
    state = play(state, "bribe:1")
    assert state.heroes[0].gold == 1
    assert len(fx.hostile(state, 1, "7")) == 1


@pytest.mark.parametrize(("n", "events"), [(0, 0), (2, 4)])
def test_uneventful_and_funeventful(n: int, events: int) -> None:
    """"Uneventful" (no GM events) and "Funeventful" (several between rounds)."""
    s = new_session(3, gm_events=n)
    play_out(s, random.Random(3))
    assert s.state.over and len(s.state.history) == events


def test_curse_castles_are_placed_at_setup_never_in_the_village() -> None:
    """"Curse Castle Standees": any space but the Village; "effect@space"."""
    with pytest.raises(RuleError):
        new_session(1, curse_castles=["echoes@V"])
    with pytest.raises(RuleError):
        new_session(1, curse_castles=["storm@3"])
    with pytest.raises(RuleError):
        new_session(1, curse_castles=["Troll Toll@4"])  # own names: the table edition
    own = new_session(1, edition="table", curse_castles=["Troll Toll@4"])
    assert homebrews.castles(own.state, "4") == {"Troll Toll"}
    s = new_session(1, curse_castles=["echoes@3", "gift@5"])
    assert s.events[0]["curse_castles"] == ["echoes@3", "gift@5"]
    assert homebrews.castles(s.state, "3") == {"echoes"}


def test_curse_of_endless_echoes_adds_one_to_stealth_rolls() -> None:
    """"Curse of Endless Echoes": +1 to a stealth roll in that space."""
    for castles, passes in (([], True), (["echoes@5"], False)):
        state = begun(set_up(curse_castles=castles), "5", stats=(4, 4, 4, 4))
        state, _ = put(state, "goblin", "5")
        state = play(state, "gather", {"stealth": 3, "gather": 1})
        assert (state.engaged == ()) is passes


def test_gift_to_the_gods_and_buff_the_beastie() -> None:
    """"Gift to the Gods": three coins for a kill; "Buff the Beastie": Beasts +1."""
    state = begun(set_up(curse_castles=["gift@5", "beastie@5"]), "5", gold=0,
                  stats=(4, 4, 4, 4))
    state, tok = put(state, "gnoll", "5")
    state = play(state, f"fight:{tok}")
    state = play(state, "attack:natural", {"hero1": 6, "enemy": 2})
    assert enemy_total(state) == 3
    state = play(state, "resolve")
    assert state.heroes[0].gold == 3


def test_extra_environment_pieces_of_the_expansion() -> None:
    """"Environment Miniatures": up to eight dungeons and two of each terrain more."""
    with pytest.raises(RuleError):
        new_session(1, extra_pieces=["forest"] * 3)
    with pytest.raises(RuleError):
        new_session(1, extra_pieces=["dungeon"] * 7)  # 11 dungeons, 10 spaces
    s = new_session(1, extra_pieces=["dungeon", "forest"])
    assert s.state.env_left.count("dungeon") == 5 and s.state.env_left.count("forest") == 2


def test_melee_mode_sends_the_loser_to_a_random_space() -> None:
    """"Melee Mode": hero against hero in one space; the loser to a random space."""
    state = begun(set_up(homebrews=["melee"]), "5")
    state = state.with_hero(1, space="5")
    assert "melee:1" in ids(state)
    won = play(state, "melee:1", {"hero": 5, "rival_die": 2, "space": 9})
    assert won.heroes[1].space == "9" and won.heroes[0].space == "5"
    assert "melee:1" not in ids(won)  # once a turn (house)
    lost = play(state, "melee:1", {"hero": 1, "rival_die": 2, "space": 3})
    assert lost.heroes[0].space == "3" and lost.heroes[1].space == "5"
    tie = play(state, "melee:1", {"hero": 4, "rival_die": 4, "space": 3})
    assert tie.heroes[0].space == tie.heroes[1].space == "5"
    assert "melee:1" not in ids(begun(set_up(), "5").with_hero(1, space="5"))


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), brews=st.lists(st.sampled_from(homebrews.HOMEBREWS),
                                                   unique=True),
       events=st.integers(0, 3), expansion=st.booleans())
def test_random_play_with_homebrews_always_ends(seed: int, brews: list[str], events: int,
                                                expansion: bool) -> None:
    """Random legal play with any homebrews, the expansion and castles ends."""
    rng = random.Random(seed)
    s = new_session(seed, ["A", "B", "C"], homebrews=brews, gm_events=events,
                    expansion=expansion, curse_castles=["echoes@2", "gift@5", "beastie@8"],
                    extra_pieces=["dungeon", "forest"], handcuff=["kraken"])
    for _ in range(6000):
        if s.state.over:
            break
        m = rng.choice(moves(s.state, seat_to_move(s.state)))
        s.play(m, random_answers(m, rng))
        assert all(0 <= h.gold <= 10 for h in s.state.heroes)
    assert s.state.over
    assert len(s.state.history) == 2 * events


def test_the_help_words_endless_echoes_as_a_penalty() -> None:
    """A stealth roll must come under the stat (On Stealth), so Endless Echoes' +1 hurts."""
    from d6tui.games.d6_board.rules import RULES

    field = next(f for f in RULES.options if f.name == "curse_castles")
    assert "stealth +1" not in field.help and "harder to pass" in field.help
