"""The Village, skills, potions, cards, GM events, house data and views."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.content import ContentError, load_content
from d6tui.games.d6_board.gm_events import event_for
from d6tui.games.d6_board.moves import moves, seat_to_move
from d6tui.games.d6_board.state import STATS, Prompt
from d6tui.games.d6_board.view import HIDDEN, view
from tests.d6_board.helpers import begun, ids, new_session, play, put, random_answers, set_up


def test_entering_the_village_delivers_and_heals() -> None:
    """"The Village": the pack is cashed in and HP restored on entering."""
    state = begun(set_up(), "1", hp=1, backpack=("B01", "B02"))
    state = play(state, "move:V")
    h = state.heroes[0]
    assert h.hp == 3 and h.backpack == () and h.delivered == ("B01", "B02")


def test_fountain_of_you_raises_only_below_the_roll() -> None:
    """"What You Can Pay to Do in the Village": Fountain of You, no stat named first."""
    state = begun(set_up(), "V", gold=2, stats=(4, 5, 3, 4))
    state = play(state, "fountain", {"roll": 5})
    assert state.heroes[0].gold == 1
    opts = [m for m in ids(state) if m.startswith("fountain:")]
    assert set(opts) == {"fountain:strength", "fountain:wits", "fountain:skill",
                         "fountain:none"}
    state = play(state, "fountain:wits")
    assert state.heroes[0].stat("wits") == 5 and state.fountain == 0


def test_training_camp_and_refresh() -> None:
    """"Training Camp" (2 gold, +1) and "Refresh Skills" (1 gold a marker)."""
    state = begun(set_up(), "V", gold=3, stats=(4, 4, 4, 5), used=("scavenge",))
    state = play(state, "train:strength")
    assert state.heroes[0].stat("strength") == 5 and state.heroes[0].gold == 1
    state = play(state, "refresh")
    assert state.heroes[0].used == () and state.heroes[0].gold == 0


def test_skill_markers_by_skill_stat_and_stacking() -> None:
    """"E. Skills" and "Stacking Skills": 3/4/5 unlock 1/2/3; a 6 stacks one skill twice."""
    state = set_up()
    for s, n in ((3, 1), (4, 2), (5, 3), (6, 3)):
        assert fx.unlocked(state.with_hero(0, stats=(4, 4, 4, s)), 0) == n
    from d6tui.games.d6_board.tasks import skill_ready
    st5 = begun(state, "5", klass="explorer", stats=(4, 4, 4, 5), used=("scavenge",))
    assert not skill_ready(st5, 0, "scavenge")
    st6 = begun(state, "5", klass="explorer", stats=(4, 4, 4, 6), used=("scavenge",))
    assert skill_ready(st6, 0, "scavenge")
    st6 = st6.with_hero(0, used=("scavenge", "scavenge"))
    assert not skill_ready(st6, 0, "scavenge")


def test_no_skills_in_the_village() -> None:
    """"What You Can't Do in the Village": no skills there."""
    state = begun(set_up(), "V", klass="explorer", stats=(4, 4, 4, 5))
    assert not [m for m in ids(state) if m.startswith("skill:")]


def test_hero_swap_gives_the_other_a_free_gather() -> None:
    """"Hero Swapping!": change places; the swapped hero gets a free personal gather."""
    state = begun(set_up(), "5", stats=(4, 4, 4, 4))
    state = state.with_hero(1, space="8")
    state, tok = put(state, "orc", "5")
    state = replace(state, engaged=(tok,))
    state = play(state, "skill:hero_swap", target="1")
    assert state.heroes[0].space == "8" and state.heroes[1].space == "5"
    assert not state.engaged and state.prompts[0] == Prompt(1, "swap_gather")
    assert seat_to_move(state) == 1
    state = play(state, "gather", {"gather": 1})
    assert not state.prompts


def test_potions() -> None:
    """Wingso Flightamous (to the Village), Grapejib Juice (one more action), Acupunch."""
    state = begun(set_up(), "5", bottles=("grapejib", "acupunch"), chib=True)
    state = play(state, "potion:grapejib")
    assert state.bonus == 1 and state.heroes[0].bottles == ("", "acupunch")
    state = play(state, "potion:acupunch")
    assert not state.heroes[0].chib


def test_green_cards_and_buying() -> None:
    """"Heroic Quest Cards" (green in your turn), "Buy Advantage Cards"."""
    state = begun(set_up(), "5", hand=("Q01",), gold=3, stats=(5, 4, 4, 4))
    assert state.card("Q01")["effect"] == "gold"
    state = play(state, "play:Q01")
    assert state.heroes[0].gold == 6 and state.heroes[0].hand == ()
    state = play(state, "buy")
    assert state.heroes[0].gold == 3 and state.heroes[0].hand[0].startswith("A")


def test_gm_event_table_covers_every_roll() -> None:
    """"GM Events": 1-100, each roll one event."""
    state = set_up()
    assert {event_for(state, r)["id"] for r in range(1, 101)}
    for e in state.content["events"]:
        assert e["source"] == "house"


def test_gm_event_spawn_uses_dice_for_spaces() -> None:
    """"'Random' Thoughts": a random space is a roll of the map's die."""
    state = replace(set_up(), phase="event", current=0, enemies=())
    state = play(state, "gm_event", {"roll": 15})
    assert state.gm_event == "E03"
    state = play(state, "carry_out", {"spaces": [2, 9]})
    assert sorted(e.space for e in state.enemies) == ["2", "9"]


def test_content_override_merges_by_id(tmp_path: Path) -> None:
    """DESIGN "Content data": a same-named file in the config dir is merged by id."""
    (tmp_path / "d6_board.toml").write_text(
        '[rules]\ngold_cap = 12\n[[enemies]]\nid = "goblin"\ndie = 8\n', encoding="utf-8")
    c = load_content(config=tmp_path)
    assert c["rules"]["gold_cap"] == 12 and c["enemies"]["goblin"]["die"] == 8
    assert c["enemies"]["goblin"]["class"] == "bandit"
    (tmp_path / "d6_board_events.toml").write_text(
        '[[events]]\nid = "E01"\nto = 3\n', encoding="utf-8")
    with pytest.raises(ContentError):
        load_content(config=tmp_path)


def test_house_data_is_marked() -> None:
    """Every entry says whether it is the rulebook's or the house's."""
    c = load_content(config=Path("/nonexistent"))
    assert c["enemies"]["plant_of_eden"]["source"].startswith("rulebook")
    assert c["classes"]["mesmerist"]["advantage"] == "skill"
    assert c["cash_cube"]["cash_cube"]["die"] == 12
    assert len(c["advantage"]) == 54 and len(c["heroic_quest"]) == 54
    assert len(c["bounty"]) == 45
    assert sum(e["tokens"] for e in c["enemies"].values()) == 70


def test_view_hides_other_hands_and_the_decks() -> None:
    """DESIGN "view": a seat sees its own hand only; a spectator sees none."""
    state = set_up()
    v = view(state, 1)
    assert v.heroes[1].hand == state.heroes[1].hand
    assert all(c == HIDDEN for c in v.heroes[0].hand) and len(v.heroes[0].hand) == 2
    assert all(c == HIDDEN for c in v.piles["advantage"])
    spectator = view(state, None)
    assert all(c == HIDDEN for h in spectator.heroes for c in h.hand)


def _all_tokens_accounted(state) -> bool:  # noqa: ANN001
    on_board = [e.token for e in state.enemies if not e.token.startswith("cube:")]
    hides = [t for h in state.heroes for t in (*h.specialty, *h.wild) if t]
    beside = [t for h in state.heroes for t in h.trophies]
    every = sorted([*state.bag, *on_board, *hides, *beside])
    return every == sorted(state.tokens)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.integers(2, 4), advanced=st.booleans(),
       table=st.booleans())
def test_random_legal_play_ends_and_keeps_invariants(seed: int, n: int, advanced: bool,
                                                     table: bool) -> None:
    """Random legal play (from ``moves``) always ends; gold stays 0-10, stats 3-6, tokens are
    conserved (bag + board + hides + beside boards = all tokens); cards are conserved."""
    rng = random.Random(seed)
    s = new_session(seed, ["A", "B", "C", "D"][:n],
                    **({"map": "advanced"} if advanced else {}),
                    **({"edition": "table"} if table else {}))
    for _ in range(4000):
        state = s.state
        if state.over:
            break
        seat = seat_to_move(state)
        legal = [m for m in moves(state, seat)]
        assert legal, f"no move for seat {seat} in {state.phase}"
        m = rng.choice(legal)
        answers = random_answers(m, rng)
        s.play(m, answers)
        state = s.state
        assert all(0 <= h.gold <= 10 for h in state.heroes)
        if state.phase not in ("choose", "stats"):
            assert all(3 <= v <= 6 for h in state.heroes for v in h.stats)
        assert _all_tokens_accounted(state)
        for deck in ("advantage", "heroic_quest"):
            held = [c for h in state.heroes for c in h.hand
                    if c[0] == {"advantage": "A"}.get(deck, "Q")]
            assert sorted([*state.piles[deck], *state.discards[deck], *held]) == sorted(
                state.content[deck])
    assert s.state.over


def test_every_stat_name_in_the_house_rules() -> None:
    """"C. Stats": four stats, the last is skill."""
    assert STATS[-1] == "skill" and len(set_up().rules["stat_names"]) == 4
