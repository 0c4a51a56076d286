"""Alliance, 2v2 (rulebook Part III "Alliance"): seating and the GM, the Alliance deck drawn
by the teammate, cards played out of turn on either team's fights, gifts, Cash Cubes that
spare the team, the teammates-see-cards option enforced by ``view``, the team's win."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from d6tui.engine.errors import RuleError
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.combat import hero_total
from d6tui.games.d6_board.fold import fold
from d6tui.games.d6_board.moves import moves, seat_to_move
from d6tui.games.d6_board.state import CUBE, Enemy, same_team
from d6tui.games.d6_board.view import HIDDEN, view
from tests.d6_board.helpers import begun, ids, new_session, play, put, random_answers, set_up

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def ally(seed: int = 1, cards: str = "hidden"):  # noqa: ANN201
    """An Alliance board after setup."""
    return set_up(seed, FOUR, mode="alliance", team_cards=cards)


def test_alliance_is_four_hunters_in_two_teams_seated_across() -> None:
    """"Seating Order Matters": 1 and 3 against 2 and 4; the GM is never a teammate."""
    with pytest.raises(RuleError):
        new_session(1, FOUR[:3], mode="alliance")
    state = ally()
    assert same_team(state, 0, 2) and same_team(state, 1, 3) and not same_team(state, 0, 1)
    for seat in range(4):
        assert not same_team(state, seat, (seat + 1) % 4)
    assert state.piles["alliance"] and state.options["team_cards"] == "hidden"


def test_the_teammate_draws_two_alliance_cards_on_a_complete_rest() -> None:
    """"The Alliance Deck": the teammate draws two when the hunter rests; an early rest
    draws none for either."""
    state = replace(begun(ally(), "V"), actions=3)
    before = len([c for c in state.heroes[2].hand if c.startswith("L")])
    after = play(state, "rest")
    assert len([c for c in after.heroes[2].hand if c.startswith("L")]) == before + 2
    assert not any(c.startswith("L") for h in (after.heroes[1], after.heroes[3])
                   for c in h.hand)
    early = play(replace(begun(ally(), "V"), actions=1), "rest")
    assert not any(c.startswith("L") for c in early.heroes[2].hand)


def _fight_with(state, holder: int, card: str):  # noqa: ANN001, ANN202
    state = begun(state, "5", stats=(4, 4, 4, 4))
    state = state.with_hero(holder, hand=(card,))
    for s in range(4):
        if s != holder and s != 0:
            state = state.with_hero(s, hand=())
    state, tok = put(state, "goblin", "5")
    return play(state, f"fight:{tok}"), tok


def test_cards_that_help_go_on_a_teammates_fight() -> None:
    """Alliance cards are red-bannered, played out of turn: the teammate's Battle Hymn."""
    state = ally()
    hymn = next(c for c, v in state.content["alliance"].items() if v["effect"] == "aid"
                and v["value"] == 2)
    state, _ = _fight_with(state, 2, hymn)
    assert seat_to_move(state) == 2 and f"red:{hymn}" in ids(state)
    state = play(state, f"red:{hymn}")
    state = play(state, "attack:natural", {"hero1": 3, "enemy": 1})
    assert hero_total(state) == 5


def test_cards_that_hurt_go_on_the_other_teams_fight_only() -> None:
    """An opponent buffs the monster; a teammate may not play a hurting card."""
    state = ally()
    buff = next(c for c, v in state.content["alliance"].items() if v["effect"] == "buff")
    opp, _ = _fight_with(state, 1, buff)
    assert seat_to_move(opp) == 1 and f"red:{buff}" in ids(opp)
    mate, _ = _fight_with(state, 2, buff)
    assert seat_to_move(mate) == 0  # nobody asked at Step 2


def test_gifts_between_teammates_in_the_same_space() -> None:
    """"If two teammates are sharing the same space...": gold and Advantage cards."""
    state = begun(ally(), "4", gold=3, hand=("A01",))
    state = state.with_hero(2, space="4", gold=0, hand=())
    assert {"gift:gold", "gift:card"} <= set(ids(state))
    state = play(state, "gift:gold")
    assert state.heroes[0].gold == 2 and state.heroes[2].gold == 1
    state = play(state, "gift:card", what="A01")
    assert state.heroes[0].hand == () and state.heroes[2].hand == ("A01",)
    apart = begun(ally(), "4", gold=3).with_hero(2, space="5")
    assert not any(m.startswith("gift:") for m in ids(apart))


def test_a_cash_cube_spares_its_owners_team() -> None:
    """"Cash Cube": it will not attack its owner's allies in Alliance."""
    state = begun(ally(), "4")
    state = replace(state, enemies=(Enemy(f"{CUBE}2", "cash_cube", "5"),
                                    Enemy(f"{CUBE}1", "cash_cube", "6")))
    assert fx.hostile(state, 0, "5") == ()
    assert len(fx.hostile(state, 0, "6")) == 1


@pytest.mark.parametrize(("cards", "sees"), [("hidden", False), ("shared", True)])
def test_view_enforces_the_teammates_cards_option(cards: str, sees: bool) -> None:
    """The GM's Note of "The Alliance Deck": agreed at the start, and ``view`` holds it."""
    state = ally(cards=cards)
    state = state.with_hero(2, hand=("A01", "A02"))
    v = view(state, 0)
    assert (v.heroes[2].hand == ("A01", "A02")) is sees
    assert all(c == HIDDEN for c in v.heroes[1].hand + v.heroes[3].hand)
    assert all(c == HIDDEN for c in view(state, None).heroes[2].hand)


def test_the_team_with_most_glory_wins_together() -> None:
    """House: team glory decides (the rulebook does not say); both teammates win."""
    state = ally()
    by_glory = sorted(state.content["bounty"], key=lambda b: int(state.card(b)["glory"]))
    low, high = by_glory[0], by_glory[-1]
    # Bob alone holds the richest bounty; Ann and Cy hold a poorer one each, more together
    state = state.with_hero(1, delivered=(high,))
    state = state.with_hero(0, delivered=(high,)).with_hero(2, delivered=(low,))
    assert fx.finish(state).winners == (0, 2)
    state = state.with_hero(3, delivered=(high,))
    assert fx.finish(state).winners == (1, 3)  # 2 x high beats high + low


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), cards=st.sampled_from(["hidden", "shared"]))
def test_random_alliance_play_ends_with_a_team_winning(seed: int, cards: str) -> None:
    """Random legal play ends; tokens and Alliance cards are conserved; no view shows a
    hand it may not; the winners are one whole team (or a shared tie)."""
    rng = random.Random(seed)
    s = new_session(seed, FOUR, mode="alliance", team_cards=cards)
    for _ in range(8000):
        if s.state.over:
            break
        seat = seat_to_move(s.state)
        legal = moves(s.state, seat)
        m = rng.choice(legal)
        s.play(m, random_answers(m, rng))
        st_ = s.state
        held = [t for h in st_.heroes for t in (*h.specialty, *h.wild, *h.trophies) if t]
        board = [e.token for e in st_.enemies if not e.token.startswith(CUBE)]
        assert sorted([*st_.bag, *board, *held]) == sorted(st_.tokens)  # tokens conserved
        dealt = [c for h in st_.heroes for c in h.hand if c.startswith("L")]
        assert sorted([*st_.piles["alliance"], *st_.discards["alliance"], *dealt]) == sorted(
            st_.content["alliance"])
        seen = view(s.state, seat)
        for i, h in enumerate(seen.heroes):
            if i != seat and not (cards == "shared" and same_team(s.state, i, seat)):
                assert all(c == HIDDEN for c in h.hand)
    assert s.state.over
    w = s.state.winners
    assert set(w) in ({0, 2}, {1, 3}, {0, 1, 2, 3})


def test_the_class_board_counts_alliance_cards_apart_from_the_limit() -> None:
    """Alliance cards do not count against the hand limit (``fx.held``), so the board shows
    them apart: "Hand 1/4 + 2 Alliance", never "Hand 3/4" (or 6/4 with a full hand)."""
    import asyncio

    from textual.app import App

    from d6tui.ui.d6_board.widgets import ClassBoard

    state = begun(ally(), "4", hand=("A01", "L01", "L02"))
    limit = fx.hand_limit(state, 0)

    class One(App):
        def compose(self):  # noqa: ANN202
            board = ClassBoard(id="b")
            board.update_view(state)
            yield board

    async def run() -> str:
        app = One()
        async with app.run_test(size=(100, 20)) as pilot:
            await pilot.pause()
            return str(app.query_one(ClassBoard).render())

    text = asyncio.run(run())
    assert f"Hand 1/{limit} + 2 Alliance:" in text


def test_the_teammate_may_give_during_the_other_ones_turn() -> None:
    """"either may give ... during either of their turns" ("The Alliance Deck"): Cy gives
    Ann a coin and a card during Ann's turn; the other team cannot."""
    state = begun(ally(), "4", gold=0, hand=())
    state = state.with_hero(2, space="4", gold=2, hand=("A01",))
    assert state.current == 0
    cy = {m.id for m in moves(state, 2)}
    assert {"gift:gold", "gift:card"} <= cy
    assert not any(m.id.startswith("gift:") for m in moves(state, 1))
    gold = next(m for m in moves(state, 2) if m.id == "gift:gold")
    state = fold(state, gold.run(state, None))
    assert state.heroes[2].gold == 1 and state.heroes[0].gold == 1
    card = next(m for m in moves(state, 2) if m.id == "gift:card")
    state = fold(state, card.run(state, None, what="A01"))
    assert state.heroes[2].hand == () and state.heroes[0].hand == ("A01",)
