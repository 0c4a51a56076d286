"""Setup and the turn: each test names its rulebook section."""

from __future__ import annotations

from dataclasses import replace

from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.moves import seat_to_move
from d6tui.games.d6_board.setup import stat_value
from d6tui.games.d6_board.state import STYX, Board, Prompt
from tests.d6_board.helpers import begun, clear_map, ids, new_session, play, put, set_up


def _choose_all(s) -> Board:  # noqa: ANN001
    state = s.state
    for i, (k, b) in enumerate([("mesmerist", "amber"), ("slayer", "jade"),
                                ("explorer", "onyx")]):
        state = play(state, "choose", klass=k, hero=f"H0{i + 1}", board=b)
    return state


def test_setup_order_and_content_in_the_first_event() -> None:
    """Part I "Setup"; DESIGN "Self-contained": the house data is in the first event."""
    s = new_session()
    first = s.events[0]
    assert first["type"] == "game_started"
    assert set(first["content"]) >= {"classes", "gather_boards", "maps", "advantage",
                                     "heroic_quest", "bounty", "events"}
    state = _choose_all(s)
    assert state.phase == "stats" and [h.klass for h in state.heroes] == [
        "mesmerist", "slayer", "explorer"]


def test_stat_roll_low_gives_three_and_a_coin_and_class_advantage() -> None:
    """"Roll for Stats": 1-3 make a 3 and pay a coin; the class stat gets +1, never past 6."""
    state = _choose_all(new_session())
    state = play(state, "roll_stat", {"roll": 2})
    assert state.heroes[0].gold == 1 and state.heroes[0].stat_roll == 2
    assert stat_value(state, 0, "skill", 2) == 4  # Mesmerist's skill +1 (rulebook)
    assert stat_value(state, 0, "strength", 2) == 3
    assert stat_value(state, 0, "skill", 6) == 6
    state = play(state, "stat:skill")
    assert state.heroes[0].stat("skill") == 4
    state = play(state, "roll_stat", {"roll": 5})
    assert state.heroes[0].gold == 1  # no coin for a 5
    assert "stat:skill" not in ids(state)  # a placed tile stays ("C. Stats")


def test_environment_no_two_alike_in_a_space() -> None:
    """"The Maps": identical environment pieces never share a space."""
    state = set_up()
    for space in state.spaces():
        pieces = state.env_at(space)
        assert len(pieces) == len(set(pieces))
    assert len(state.environment) == 8


def test_setup_spawns_two_per_player_and_deals() -> None:
    """"Place Enemies" (two per player), "Shuffle and Draw" (one of each card, 3 bounties)."""
    state = set_up()
    assert len(state.enemies) == 6
    assert all(len(h.hand) == 2 for h in state.heroes)
    assert len(state.bounties) == 3
    assert state.phase == "turn" and state.round == 1


def test_begin_turn_spawns_and_every_player_gathers() -> None:
    """"Beginning Your Turn": spawn roll and open gather; "Open Gather": everyone collects."""
    state = clear_map(set_up())
    boards = state.content["gather_boards"]
    face = boards[state.heroes[0].board]["rewards"].index("coins") + 1
    before = [h.gold for h in state.heroes]
    state = play(state, "begin", {"spawn": 4, "gather": face})
    assert [e.space for e in state.enemies] == ["4"]
    assert state.heroes[0].gold == min(10, before[0] + 2)
    for i, h in enumerate(state.heroes):
        r = boards[h.board]["rewards"][face - 1]
        if r == "coins":
            assert h.gold == min(10, before[i] + 2)
        if r in ("wild",):
            assert any(p.seat == i and p.reward == "wild" for p in state.prompts)


def test_gold_cap() -> None:
    """"Roll for Stats" GM's Note: no more than 10 gold."""
    state = set_up().with_hero(0, gold=9)
    assert fx.gain_gold(state, 0, 2).heroes[0].gold == 10
    assert fx.gain_gold(state, 0, -20).heroes[0].gold == 0


def test_hand_limit_by_strength() -> None:
    """"Shuffle and Draw" GM's Note: the hand limit follows strength (house numbers)."""
    state = set_up()
    for s, limit in ((3, 2), (4, 3), (5, 4), (6, 5)):
        st = state.with_hero(0, stats=(s, 4, 4, 4))
        assert fx.hand_limit(st, 0) == limit
    full = state.with_hero(0, stats=(3, 4, 4, 4), hand=("A01", "Q01"))
    from d6tui.engine.dice import Dice
    from d6tui.games.d6_board.chance import Record
    assert fx.draw_card(full, 0, "advantage", Record(Dice(1))).heroes[0].hand == ("A01", "Q01")


def test_start_of_turn_engagement() -> None:
    """"On Stealth": beginning a turn beside an enemy engages it; no stealth is possible."""
    state = clear_map(set_up()).with_hero(0, space="5")
    state, tok = put(state, "goblin", "5")
    state = play(state, "begin", {"spawn": 9, "gather": 1})
    assert tok in state.engaged
    assert not [m for m in ids(state) if m.startswith(("move:", "hunt", "gather"))]
    assert "rest" not in ids(state)


def test_stealth_check_passes_under_the_stat_and_fails_on_a_tie() -> None:
    """"On Stealth and 'Stealthing'": roll under; a tie is not good enough."""
    state = begun(set_up(), "5", stats=(4, 4, 4, 4))
    state, tok = put(state, "goblin", "5")
    ok = play(state, "move:2", {"stealth": 3})
    assert ok.heroes[0].space == "2" and ok.actions == 1
    bad = play(state, "move:2", {"stealth": 4})
    assert bad.heroes[0].space == "5" and bad.engaged == (tok,) and bad.actions == 0


def test_three_actions_then_rest_draws_two_heroic_quest_cards() -> None:
    """"Spending Your Actions" (three), "(R)est" (two Heroic Quest cards)."""
    state = begun(set_up(), "V", stats=(6, 4, 4, 4), hand=())
    state = play(state, "move:1")
    state = play(state, "move:V")
    state = play(state, "move:4")
    assert not [m for m in ids(state) if m.startswith("move:")]
    after = play(state, "rest")
    assert len(after.heroes[0].hand) == 2 and all(c.startswith("Q") for c in after.heroes[0].hand)
    assert after.current == 1 and not after.begun


def test_early_rest_draws_nothing() -> None:
    """"(R)est": an incomplete turn gets no Heroic Quest cards."""
    state = begun(set_up(), "V", hand=())
    after = play(play(state, "move:1"), "rest")
    assert after.heroes[0].hand == ()


def test_hunt_draws_an_enemy_into_the_space() -> None:
    """"Hunting": the GM draws an enemy into your space (an action)."""
    state = begun(set_up(), "3")
    after = play(state, "hunt")
    assert len(after.at("3")) == 1 and after.actions == 1
    assert "hunt" not in ids(begun(set_up(), "V"))  # no enemies in the Village


def test_rent_a_horse_moves_two_and_costs_a_coin() -> None:
    """"Rent a Horse": one more space for one gold; a failed stealth on the way stops it."""
    state = begun(set_up(), "V", gold=3, stats=(4, 4, 4, 4))
    after = play(state, "ride:1:2")
    assert after.heroes[0].space == "2" and after.heroes[0].gold == 2 and after.actions == 1
    state, tok = put(state, "orc", "1")
    caught = play(state, "ride:1:2", {"stealth_mid": 5})
    assert caught.heroes[0].space == "1" and caught.engaged == (tok,)
    assert caught.heroes[0].gold == 2  # the coin is lost


def test_death_and_the_styx() -> None:
    """"Death and the Styx River": hides and Heroic Quest cards lost, turn over; the
    Ferryman drops the hero at a random space with full HP next turn."""
    state = set_up()
    state = state.with_hero(0, hp=1, specialty=("T01", "", ""), wild=("T20",),
                            hand=("A01", "Q01"))
    state = replace(state, bag=state.bag - {"T01", "T20"}, begun=True)
    dead = fx.lose_hp(state, 0)
    h = dead.heroes[0]
    assert h.space == STYX and h.specialty == ("", "", "") and h.wild == ()
    assert h.hand == ("A01",) and {"T01", "T20"} <= dead.bag
    assert dead.current == 1
    back = replace(clear_map(dead), current=0, begun=False)
    back = play(back, "begin", {"ferry": 6, "spawn": 2, "gather": 1})
    assert back.heroes[0].space == "6" and back.heroes[0].hp == 3


def test_round_end_gm_event_then_next_round() -> None:
    """"GM Events": between rounds player one rolls 1-100; the compass moves on."""
    state = replace(set_up(), current=2, begun=True, actions=3)
    state = play(state, "rest")
    while state.prompts and state.prompts[0].kind == "room":  # Cy's hand is full
        state = play(state, "room:keep")
    assert state.phase == "event" and seat_to_move(state) == 0
    state = play(state, "gm_event", {"roll": 100})
    assert state.gm_event == "E20"
    gold = [h.gold for h in state.heroes]
    state = play(state, "carry_out")
    assert state.round == 2 and state.phase == "turn"
    assert [h.gold for h in state.heroes] == [min(10, g + 3) for g in gold]


def test_last_round_ends_the_season() -> None:
    """"Choose the Length of Your Game": three rounds, no GM event after the last."""
    state = replace(set_up(), round=3, current=2, begun=True)
    assert play(state, "rest").over


def test_tie_breaks() -> None:
    """"The End of the Game": glory, then gold, then the stat total."""
    state = set_up()
    state = state.with_hero(0, delivered=("B01",), gold=2, stats=(3, 3, 3, 3))
    g = int(state.card("B01")["glory"])
    other = next(b for b in state.content["bounty"] if int(state.card(b)["glory"]) == g
                 and b != "B01")
    state = state.with_hero(1, delivered=(other,), gold=5, stats=(3, 3, 3, 3))
    state = state.with_hero(2, gold=0)
    assert fx.finish(state).winners == (1,)
    state = state.with_hero(1, gold=2, stats=(4, 3, 3, 3))
    assert fx.finish(state).winners == (1,)
    state = state.with_hero(1, stats=(3, 3, 3, 3))
    assert fx.finish(state).winners == (0, 1)


def test_wild_reward_is_asked_and_alchemy_places_a_bottle() -> None:
    """"Gather Rewards": Wild is any of the other three; Alchemy places a bottle."""
    state = begun(set_up())
    state = replace(state, prompts=(Prompt(0, "reward", "wild"),))
    state = play(state, "wild:alchemy")
    assert state.prompts[0].reward == "alchemy"
    state = play(state, "alchemy:wingso")
    assert "wingso" in state.heroes[0].bottles and not state.prompts
