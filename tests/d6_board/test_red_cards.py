"""Red-bannered cards are played on an opponent's turn (Part II "Heroic Quest Cards", GM's
Note): at Step 2 of a fight, and (the ones that need no fight) once the turn has begun."""

from __future__ import annotations

from dataclasses import replace

from tests.d6_board.helpers import clear_map, ids, play, set_up


def _turn_of_ann(bob_hand: tuple[str, ...], space: str = "4", gold: int = 5):  # noqa: ANN202
    state = clear_map(set_up())
    state = state.with_hero(0, space=space, gold=gold)
    state = state.with_hero(1, hand=bob_hand).with_hero(2, hand=())
    return replace(state, begun=False, actions=0)


def _answer_gathers(state):  # noqa: ANN001, ANN202
    while state.prompts and state.prompts[0].kind == "reward":
        state = play(state, ids(state)[-1] if "alchemy:pass" in ids(state) else "wild:coins")
    return state


def test_pickpocket_on_an_opponents_turn() -> None:
    state = _turn_of_ann(("Q50",))
    state = _answer_gathers(play(state, "begin", {"gather": 1}))
    assert state.prompts and state.prompts[0].kind == "red_turn" and \
        state.prompts[0].seat == 1
    assert set(ids(state)) == {"red:Q50", "pass"}
    ann, bob = state.heroes[0].gold, state.heroes[1].gold
    state = play(state, "red:Q50")
    assert state.heroes[0].gold == ann - 1 and state.heroes[1].gold == bob + 1
    assert "Q50" not in state.heroes[1].hand
    assert not [p for p in state.prompts if p.kind == "red_turn"]  # Cy's Wild may follow


def test_ambush_engages_the_hero() -> None:
    state = _turn_of_ann(("Q47",))
    state = _answer_gathers(play(state, "begin", {"gather": 1}))
    before = {e.token for e in state.at("4")}
    state = play(state, "red:Q47")
    new = {e.token for e in state.at("4")} - before
    assert len(new) == 1 and new <= set(state.engaged)


def test_only_holders_of_such_cards_are_asked_and_pass_is_quick() -> None:
    state = _turn_of_ann(("Q33",))  # Enrage buffs a monster: Step 2 of a fight only
    state = _answer_gathers(play(state, "begin", {"gather": 1}))
    assert not any(p.kind == "red_turn" for p in state.prompts)
    state = _turn_of_ann(("Q50",))
    state = _answer_gathers(play(state, "begin", {"gather": 1}))
    state = play(state, "pass")
    assert not [p for p in state.prompts if p.kind == "red_turn"] and "Q50" in state.heroes[1].hand


def test_a_save_of_revision_1_replays_by_its_own_rules() -> None:
    """An older season (no revision in its first event) asks no red card on a turn, so its
    events fold as they were played; a new season is revision 2."""
    from d6tui.engine.session import Session
    from d6tui.games.d6_board.rules import REVISION
    from tests.d6_board.test_example import EXAMPLE

    old = Session.load(EXAMPLE)
    assert old.state.revision == 1
    old.close()
    state = _turn_of_ann(("Q50",))
    assert state.revision == REVISION >= 2
    state = replace(state, options=dict(state.options, revision=1))
    state = _answer_gathers(play(state, "begin", {"gather": 1}))
    assert not any(p.kind == "red_turn" for p in state.prompts)
