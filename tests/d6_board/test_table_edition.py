"""The table edition: cards named from the players' own decks, GM events read from the
Player's Manual, and the GM tools ("The Role of the GM", "GM Events")."""

from __future__ import annotations

import random
from dataclasses import replace

from d6tui.games.d6_board.bot import choose
from d6tui.games.d6_board.moves import moves as legal
from d6tui.games.d6_board.moves import seat_to_move
from tests.d6_board.helpers import begun, ids, new_session, play, put, set_up


def _table():  # noqa: ANN202
    return set_up(edition="table")


def test_cards_are_named_not_drawn() -> None:
    """"Shuffle and Draw" with the box's cards: each draw asks which card it was."""
    state = _table()
    assert len(state.bounties) == 3
    assert all(len(h.hand) == 2 and "-" not in h.hand for h in state.heroes)
    st = begun(state, "V", gold=5, stats=(6, 4, 4, 4), hand=())
    st = play(st, "buy")
    assert st.heroes[0].hand == ("-",) and st.prompts[0].kind == "pick"
    choice = next(m for m in ids(st) if m.startswith("name:"))
    st = play(st, choice)
    assert st.heroes[0].hand == (choice.split(":")[1],) and not st.prompts


def test_gm_event_is_read_from_the_manual() -> None:
    """"GM Events": the d100 is rolled (or typed); the event is carried out by hand."""
    state = replace(_table(), phase="event", current=0)
    state = play(state, "gm_event", {"roll": 42})
    assert state.gm_event == "table" and "gm:gold" in ids(state)
    state = play(state, "gm:gold", hero="1", amount="2")
    state = play(state, "next_round")
    assert state.round == 2 and state.history[-1] == (1, "table")


def test_gm_tools_belong_to_the_current_gm() -> None:
    """"The Role of the GM": the player to the left holds the tools during a turn."""
    from d6tui.games.d6_board.moves import moves
    state = begun(_table(), "5")
    assert seat_to_move(state) == 0
    assert not [m for m in moves(state, 0) if m.id.startswith("gm:")]
    tools = [m.id for m in moves(state, state.gm)]
    assert "gm:spawn" in tools and "gm:move_hero" in tools


def test_gm_tools_change_enemies_and_heroes() -> None:
    """The tools: buff, move and remove an enemy; move a hero; a stat."""
    from d6tui.engine.dice import Dice
    from d6tui.engine.game import find_move
    from d6tui.games.d6_board.fold import fold
    from d6tui.games.d6_board.moves import moves

    state = begun(_table(), "5", stats=(4, 4, 4, 4))
    state, tok = put(state, "orc", "5")

    def gm(st, mid, **a):  # noqa: ANN001, ANN003, ANN202
        m = find_move(moves(st, st.gm), mid)
        return fold(st, m.run(st, Dice(0), **a))

    state = gm(state, "gm:buff_enemy", enemy=tok, amount="1")
    assert state.enemy(tok).buffs == 1
    state = gm(state, "gm:move_enemy", enemy=tok, space="2")
    assert state.enemy(tok).space == "2"
    state = gm(state, "gm:remove_enemy", enemy=tok)
    assert state.enemy(tok) is None and tok in state.bag
    state = gm(state, "gm:stat", hero="0", stat="wits", amount="1")
    assert state.heroes[0].stat("wits") == 5
    state = gm(state, "gm:move_hero", hero="0", space="V")
    assert state.heroes[0].space == "V"


def test_cards_are_named_by_kind_and_values() -> None:
    """"The Cards": a drawn card is named by what the rules read off it (weapon and die,
    flags; buff and value; banner and effect), one entry for all cards alike."""
    state = _table()
    st = begun(state, "V", gold=5, stats=(6, 4, 4, 4), hand=())
    st = play(st, "buy")
    labels = [m.label for m in legal(st, seat_to_move(st))]
    assert any(lbl.startswith("It was: weapon d8") for lbl in labels)
    assert len(labels) == len(set(labels))
    kinds = {lbl.split(" (like")[0] for lbl in labels}
    assert len(kinds) == len(labels)  # one entry a kind and values


def test_enemy_tokens_are_named_from_the_bag() -> None:
    """"Enemy Spawn" with the box's bag: the app puts a token down and the hunter says which
    token was drawn (any enemy with a token left); the bag stays whole."""
    state = _table()
    st = begun(state, "3", stats=(4, 4, 4, 4))
    total = len(st.bag) + len(st.enemies)
    st = play(st, "hunt")
    p = st.prompts[0]
    assert p.kind == "pick" and p.reward == "token" and p.seat == 0
    opts = ids(st)
    assert "token:kraken" in opts and all(o.startswith("token:") for o in opts)
    st = play(st, "token:kraken")
    here = st.at("3")
    assert len(here) == 1 and st.tokens[here[0].token] == "kraken" and not st.prompts
    assert len(st.bag) + len(st.enemies) == total
    assert "Kraken" in st.note


def test_setup_spawns_are_named_too() -> None:
    """The two enemies each hunter places at setup are named as they are drawn."""
    s = new_session(edition="table")
    seen = set()
    rng = random.Random(1)
    while s.state.phase != "turn":
        st = s.state
        if st.prompts and st.prompts[0].reward == "token":
            seen.add(st.phase)
        m, a = choose(st, seat_to_move(st), [x for x in s.moves(seat_to_move(st))
                                             if x.id not in ("undo", "redo")], rng)
        s.play(m, a)
    assert "spawn" in seen
