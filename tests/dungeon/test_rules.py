"""Every face, spell and rule of D6 Dungeon, played through ``Session.play`` with table dice
(rulebook sections in the test names' docstrings)."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.dungeon.commands import cast
from d6tui.games.dungeon.faces import E, N, S, W
from d6tui.games.dungeon.rules import RULES
from d6tui.games.dungeon.view import view
from d6tui.games.dungeon.waffle import hole_index
from tests.dungeon.helpers import draw_roll, end, give, hole, new_game, place, play


def _ben_idles(s: Session, colour: str | None = None, face: str = "sword") -> None:
    """The player to move sets a sword aside and ends the turn (any colour left)."""
    if colour is None:
        left = {s.state.dice[d] for d in s.state.bag}
        colour = next(c for c in ("green", "yellow", "black", "red") if c in left)
    give(s, colour, face)
    end(s)


def _orcs_across(s: Session) -> None:
    """Ana builds Orcs straight across row 1 (Ben sets items aside) and holds 3 swords."""
    dice = ["blue"] * 6 + ["black"] * 6
    for col in "ABCDEF":
        place(s, dice.pop(0), "orc", f"{col}1")
        end(s)
        _ben_idles(s)
    give(s, "red", "three_swords")


def _route_for_ana(s: Session) -> None:
    """Ana builds Orcs straight across row 1 and gathers 6 swords; Ben sets items aside."""
    _orcs_across(s)
    end(s)
    _ben_idles(s)
    give(s, "red", "three_swords")


def test_a_map_face_goes_in_an_empty_hole_either_side_any_way_up() -> None:
    """Course of Play: the rolled face or its opposite, any hole, any orientation."""
    s = new_game()
    draw_roll(s, "blue", "orc")
    place_move = {m.id: m for m in s.moves()}["place"]
    assert [v for v, _ in place_move.choices[0].options] == ["orc", "door"]
    play(s, "place", side="door", hole="C4", turns="1")
    h = hole(s.state, "C4")
    assert h.faces == ("door", "orc") and h.turns == (1, 3)
    end(s)
    draw_roll(s, "black", "orc")
    with pytest.raises(RuleError, match="'C4' is not one of"):
        play(s, "place", side="orc", hole="C4", turns="0")
    play(s, "place", side="corner", hole="A1", turns="0")
    # Ben placed it: the corner faces Ben upright, the orc faces Ana turned back.
    assert hole(s.state, "A1").faces == ("orc", "corner")
    assert s.state.side(1)[5] == ("corner", W | N)


def test_items_and_spells_are_set_aside_and_count_at_the_end() -> None:
    """Course of Play B; Item and Spell Dice Faces: swords in sets, keys, Vorpal Sword."""
    s = new_game()
    for colour, face in (("red", "three_swords"), ("blue", "key")):
        give(s, colour, face)
        end(s)
        _ben_idles(s, "black", "two_swords")
    give(s, "white", "vorpal_sword")
    assert s.state.budget(0).swords == 3 and s.state.budget(0).keys == 1
    assert s.state.budget(0).vorpals == 1
    assert s.state.budget(1).swords == 4


def test_the_special_item_is_kept_or_traded_for_any_die_of_theirs() -> None:
    """Item and Spell Dice Faces: Special Item."""
    s = new_game()
    draw_roll(s, "yellow", "special_item")
    assert "trade" not in {m.id for m in s.moves()}  # Ben holds nothing yet
    play(s, "keep")
    end(s)
    give(s, "white", "vorpal_sword")
    end(s)
    draw_roll(s, "yellow", "special_item")
    their_die = s.state.collections[1][0][0]
    play(s, "trade", took=their_die)
    assert s.state.faces_held(0) == ["special_item", "vorpal_sword"]
    assert s.state.faces_held(1) == ["special_item"]
    assert "trading" not in s.history_entry(len(s.events) - 1).text or True


def test_the_wishing_ring_chooses_any_other_side() -> None:
    """Course of Play: Wishing Ring."""
    s = new_game()
    draw_roll(s, "red", "wishing_ring")
    wish = {m.id: m for m in s.moves()}["wish"]
    assert "wishing_ring" not in [v for v, _ in wish.choices[0].options]
    play(s, "wish", face="dragon")
    assert s.state.face == "dragon"
    play(s, "place", side="dragon", hole="A1", turns="0")
    assert hole(s.state, "A1").faces[0] == "dragon"


def test_a_dreamcatcher_catches_a_wish_for_later() -> None:
    """Item and Spell Dice Faces: Dreamcatcher."""
    s = new_game()
    draw_roll(s, "red", "wishing_ring")
    assert "catch" not in {m.id for m in s.moves()}
    play(s, "wish", face="sword")
    play(s, "collect")
    end(s)
    _ben_idles(s)
    give(s, "yellow", "dreamcatcher")
    end(s)
    _ben_idles(s)
    draw_roll(s, "blue", "wishing_ring")
    play(s, "catch")
    assert s.state.faces_held(0) == ["sword", "dreamcatcher", "wishing_ring"]
    end(s)
    _ben_idles(s)
    bag_before = len(s.state.bag)
    draw_roll(s, "green", "look")
    play(s, "dream", pair="ring", face="treasure_chamber")
    assert s.state.face == "treasure_chamber"
    assert s.state.faces_held(0) == ["sword"]
    assert len(s.state.bag) == bag_before - 1 + 2  # the drawn die out, the pair back in


def test_two_dreamcatchers_make_a_pair() -> None:
    """Item and Spell Dice Faces: two Dreamcatchers combine."""
    s = new_game()
    for _ in range(2):
        give(s, "yellow", "dreamcatcher")
        end(s)
        _ben_idles(s)
    draw_roll(s, "blue", "key")
    dream = {m.id: m for m in s.moves()}["dream"]
    assert [v for v, _ in dream.choices[0].options] == ["two"]
    play(s, "dream", pair="two", face="orc")
    assert s.state.faces_held(0) == [] and s.state.face == "orc"


def test_decay_puts_the_die_back_when_the_turn_ends() -> None:
    """Item and Spell Dice Faces: Decay; house: not drawable again in the same turn."""
    s = new_game()
    place(s, "blue", "orc", "B2")
    end(s)
    _ben_idles(s)
    give(s, "red", "decay")
    decay_die = s.state.collections[0][0][0]
    placed_die = hole(s.state, "B2").die
    play(s, "cast_decay", hole="B2")
    assert hole(s.state, "B2") is None
    assert decay_die in s.state.bag  # the spell's die is back at once
    assert placed_die not in s.state.bag and s.state.decayed == (placed_die,)
    end(s)
    assert placed_die in s.state.bag and s.state.decayed == ()


def test_turn_spins_a_die_and_the_same_face_still_faces_you() -> None:
    """Item and Spell Dice Faces: Turn."""
    s = new_game()
    place(s, "blue", "orc", "B2")
    end(s)
    give(s, "blue", "turn")
    play(s, "cast_turn", hole="B2", turns="1")  # Ben turns it a quarter as he sees it
    h = hole(s.state, "B2")
    assert h.faces == ("orc", "door") and h.turns == (3, 1)
    assert s.state.side(0)[hole_index("B2")] == ("orc", N | S)


def test_pivot_turns_a_die_the_other_way_round() -> None:
    """Item and Spell Dice Faces: Pivot."""
    s = new_game()
    place(s, "blue", "orc", "B2", turns=1)
    end(s)
    give(s, "green", "pivot")
    play(s, "cast_pivot", hole="B2")
    h = hole(s.state, "B2")
    assert h.faces == ("door", "orc") and h.turns == (3, 1)


def test_look_shows_the_other_side_to_its_caster_alone() -> None:
    """Item and Spell Dice Faces: Look."""
    s = new_game()
    place(s, "blue", "orc", "B2")
    end(s)
    give(s, "green", "look")
    play(s, "cast_look", target="waffle")
    ben, ana = view(s.state, 1), view(s.state, 0)
    assert ben.looks[1] is not None and ben.looks[1].side == ((hole_index("B2"), "orc", 0),)
    assert ana.looks[1] is None
    assert view(s.state, None).looks == (None, None)
    assert "orc" not in s.history_entry(len(s.events) - 1).text.lower()


def test_look_into_the_bag_chooses_the_die_drawn() -> None:
    """Item and Spell Dice Faces: Look (a die of your choice from the bag): cast before the
    draw, it takes the die of the chosen colour as the turn's draw; the choice is made then,
    so the save holds nothing about it before."""
    s = new_game()
    give(s, "green", "look")
    end(s)
    _ben_idles(s)
    assert s.state.phase == "draw" and s.state.turn == 0
    options = dict({m.id: m for m in s.moves()}["cast_look"].choices[0].options)
    assert "bag:green" in options and "bag:white" in options and "bag:purple" not in options
    before = len(s.events)
    with pytest.raises(RuleError, match="no purple die in the bag"):
        s.do(lambda st: cast(st, spell="look", target="bag:purple"))
    assert len(s.events) == before
    play(s, "cast_look", target="bag:white")
    assert s.events[-1]["chosen"] == s.state.hand and s.state.dice[s.state.hand] == "white"
    assert s.state.phase == "roll" and s.state.hand not in s.state.bag
    look = s.state.looks[0]
    assert look is not None and dict(look.bag)["green"] == 5  # the Look's die is back
    assert "chose the white die as the draw" in s.history_entry(len(s.events) - 1).text
    assert not any("chosen" in ev for ev in s.events[:-1])


def test_after_the_draw_look_is_at_the_other_side_only() -> None:
    """Look into the bag chooses the draw, so once drawn only the other side is left."""
    s = new_game()
    give(s, "green", "look")
    options = [v for v, _ in {m.id: m for m in s.moves()}["cast_look"].choices[0].options]
    assert options == ["waffle"]
    with pytest.raises(RuleError, match="is not one of waffle"):
        play(s, "cast_look", target="bag:red")
    with pytest.raises(RuleError, match="cast before the draw"):
        s.do(lambda st: cast(st, spell="look", target="bag:red"))


def test_the_extra_turn_pays_one_die_and_rolls_another_again() -> None:
    """Extra turn: more than six collected, once a turn."""
    s = new_game()
    for _ in range(6):
        give(s, "black", "sword")
        end(s)
        _ben_idles(s, "red", "sword")
    give(s, "green", "sword")
    assert "extra_turn" not in {m.id for m in s.moves()} or len(s.state.collections[0]) > 6
    assert len(s.state.collections[0]) == 7
    ids = [d for d, _ in s.state.collections[0]]
    with pytest.raises(RuleError, match="pay one die and re-roll another"):
        play(s, "extra_turn", paid=ids[0], reroll=ids[0])
    play(s, "extra_turn", paid=ids[0], reroll=ids[1])
    assert ids[0] in s.state.bag and s.state.hand == ids[1] and s.state.phase == "roll"
    play(s, "roll", {"roll": "orc"})
    play(s, "place", side="orc", hole="A1", turns="0")
    assert "extra_turn" not in {m.id for m in s.moves()}  # once a turn


def test_a_claim_that_stands_gives_one_last_turn_then_the_scores() -> None:
    """End of the Game: claim, last turn, points table."""
    s = new_game()
    _route_for_ana(s)
    play(s, "claim")
    assert s.state.claimant == 0 and s.state.last_turn and s.state.turn == 1
    _ben_idles(s)
    assert s.state.over and s.state.end == "claimed"
    ana, ben = s.state.scores
    assert ana.route.complete and ana.bonus == 5 and ana.total == 5
    assert ana.route.swords == 6
    assert ben.total == 0
    assert RULES.status(s.state).startswith("game over: Ana wins")


def test_a_claim_is_offered_only_with_a_complete_route_and_refused_without_one() -> None:
    """End of the Game: a mistaken claim and play simply goes on. d6tui checks a claim as it
    is made, so C is offered only with a complete route; without one the claim is refused
    with the reason and the claimer's turn goes on, nothing changed."""
    from d6tui.games.dungeon import commands

    s = new_game()
    give(s, "red", "sword")  # an empty waffle at the turn's end
    assert s.state.phase == "after" and "claim" not in {m.id for m in s.moves()}
    with pytest.raises(RuleError, match="no line of corridors runs across your side"):
        s.find_move("claim")
    with pytest.raises(RuleError, match="no complete route yet"):
        commands.claim(s.state)
    assert s.state.turn == 0 and s.state.phase == "after" and s.state.wrong_claims == (0, 0)
    assert {"end_turn"} <= {m.id for m in s.moves()}  # what Ana could do, she still may
    # a way across, but six Orcs and three swords: barred
    s = new_game()
    _orcs_across(s)
    assert "claim" not in {m.id for m in s.moves()}
    assert "barred for what you hold" in RULES.why_not(s.state, 0, "claim")
    assert RULES.why_not(s.state, 1, "claim").startswith("it is Ana's turn")
    end(s)
    _ben_idles(s)
    give(s, "red", "three_swords")  # six swords now: the claim is offered, and stands
    assert "claim" in {m.id for m in s.moves()} and RULES.why_not(s.state, 0, "claim") == ""
    assert play(s, "claim")["stood"] is True


def test_a_wrong_claim_in_an_older_save_still_ended_the_turn_and_nothing_else() -> None:
    """Saves from before claims were checked as made hold wrong claims (``stood`` false):
    they replay as played then, the claim noted and the turn passed."""
    from pathlib import Path

    old = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "dungeon-wrong-claim.toml"
    s = Session.load(old)
    claim = next(i for i, e in enumerate(s.events) if e["type"] == "route_claimed")
    assert s.events[claim]["stood"] is False
    assert s.events[claim + 1]["by"] == "Ben"  # the turn passed to Ben
    assert s.state.claimant is None and s.state.wrong_claims == (1, 0)
    assert s.state.turn == 0 and not s.state.last_turn and not s.state.over
    text = s.history_entry(claim).text
    assert "does not stand: no route" in text and "yet" not in text
    assert "ended the turn and changed nothing else" in text


def test_the_last_turn_may_not_spoil_the_claimed_route() -> None:
    """End of the Game: nothing may disrupt the claimant's route in the last turn."""
    s = new_game()
    dice = ["blue"] * 6 + ["black"] * 6
    for col in "ABCDEF":
        place(s, dice.pop(0), "orc", f"{col}1")
        end(s)
        if col == "A":
            give(s, "red", "decay")  # Ben keeps a Decay for later
            end(s)
        else:
            _ben_idles(s)
    give(s, "red", "three_swords")
    end(s)
    _ben_idles(s)
    give(s, "red", "three_swords")
    play(s, "claim")
    from d6tui.games.dungeon import commands

    with pytest.raises(RuleError, match="spoil"):  # the rule itself, asked directly
        commands.cast(s.state, spell="decay", hole="C1")
    # and the list offers no Decay: every die of the waffle is on Ana's route
    assert "cast_decay" not in {m.id for m in s.moves()}
    _ben_idles(s)
    assert s.state.over and s.state.scores[0].route.complete


def test_the_last_turn_lists_only_trades_the_rules_allow() -> None:
    """End of the Game: the Special Item's trade offers only dice whose loss leaves the
    claimed route whole (the same rule refuses the rest)."""
    from d6tui.games.dungeon import commands

    s = new_game()
    _route_for_ana(s)
    end(s)
    _ben_idles(s)
    give(s, "black", "key")  # a spare Ana's route does not need
    play(s, "claim")
    assert s.state.last_turn and s.state.turn == 1
    draw_roll(s, "yellow", "special_item")
    trade = next(m for m in s.moves() if m.id == "trade")
    offered = {v for v, _ in trade.choices[0].options}
    held = {d: f for d, f in s.state.collections[0]}
    for d in held:
        if d in offered:
            commands.trade(s.state, took=d)  # allowed
        else:
            with pytest.raises(RuleError, match="spoil"):
                commands.trade(s.state, took=d)
    assert any(held[d] == "key" for d in offered)
    assert not any(held[d] == "three_swords" for d in offered)


def test_an_empty_bag_ends_the_game_unless_a_spell_goes_back_in() -> None:
    """End of the Game: an empty bag at the start of a turn."""
    s = new_game()
    colours = [c for c in ("red", "blue", "green", "yellow", "white", "black")
               for _ in range(6)]
    seat_faces = {"green": "look"}
    n = 0
    while s.state.bag:
        colour = colours.pop()
        face = seat_faces.get(colour, "sword" if colour in ("red", "black", "green",
                                                            "yellow") else "key")
        if colour == "white":
            face = "two_swords"
        give(s, colour, face)
        end(s)
        n += 1
    assert n == 36
    assert [m.id for m in s.moves() if not m.id.startswith("cast_")][:1] == ["end_game"]
    # Ana (to move) holds Looks: casting one puts a die in the bag and the turn goes on.
    assert s.state.turn == 0 and "look" in s.state.faces_held(0)
    play(s, "cast_look", target="waffle")
    assert len(s.state.bag) == 1
    play(s, "draw")
    play(s, "roll", {"roll": "sword"})
    play(s, "collect")
    end(s)
    play(s, "end_game")
    assert s.state.over and s.state.end == "bag_empty"
    assert all(card.bonus == 3 for card in s.state.scores)


def test_a_map_die_with_no_empty_hole_is_out_of_the_game() -> None:
    """House rule (Course of Play): the waffle is full."""
    s = new_game()
    from dataclasses import replace

    from d6tui.games.dungeon.waffle import placed

    full = tuple(placed("red6", 0, "corner", "dragon", 0) for _ in range(36))
    s.state = replace(s.state, holes=full)
    draw_roll(s, "blue", "orc")
    assert [m.id for m in s.moves()][0] == "give_back"
    die = s.state.hand
    play(s, "give_back")
    assert die in s.state.out and die not in s.state.bag


def test_the_log_never_names_a_hidden_face_while_the_game_is_on() -> None:
    """DESIGN view: the log view must not leak a side."""
    s = new_game()
    place(s, "blue", "orc", "B2", side="door")
    text = s.history_entry(len(s.events) - 1).text
    assert text == "Ana placed the die in B2"
    assert "door" not in text.lower()


def test_views_hide_the_far_side_until_the_end() -> None:
    """DESIGN view: each seat sees its own faces; a spectator sees none."""
    s = new_game()
    place(s, "blue", "orc", "B2", side="door")
    h = hole(view(s.state, 0), "B2")
    assert h.faces == ("door", None) and h.turns == (0, None)
    h = hole(view(s.state, 1), "B2")
    assert h.faces == (None, "orc")
    assert hole(view(s.state, None), "B2").faces == (None, None)


def test_options_two_players_or_one_against_the_computer() -> None:
    """Course of Play: two players."""
    opts = RULES.checked_options({"players": ["Ana"], "vs_computer": True})
    assert opts["players"] == ["Ana", "Computer"]
    with pytest.raises(RuleError, match="two players"):
        RULES.checked_options({"players": ["Ana"]})
    with pytest.raises(RuleError, match="different names"):
        RULES.checked_options({"players": ["Ana", "ana"]})
    s = Session.new("dungeon", {"players": ["Ana"], "vs_computer": True, "seed": 1})
    assert s.state.computer == 1


def test_every_move_cites_its_section() -> None:
    s = new_game()
    for m in s.moves():
        if m.id not in ("undo", "redo"):
            assert m.section


def test_openings_constants() -> None:
    assert {N, E, S, W} == {1, 2, 4, 8}


def test_after_an_undo_the_colour_drawn_is_typed_as_it_lies() -> None:
    """The app's draw is recorded as the first die of its colour, as a typed colour is read,
    so typing the colour the undone draw left on the table is the same draw; another
    colour is a re-draw and refused (undo never buys a re-draw)."""
    from d6tui.engine.errors import DiceError

    s = new_game(seed=5)
    first = play(s, "draw")["draw"]["faces"][0]
    colour = s.state.dice[first]
    play(s, "undo")
    other = next(g for g in sorted(set(s.state.dice.values())) if g != colour)
    with pytest.raises(DiceError, match="as they lie"):
        play(s, "draw", {"bag": other})
    again = play(s, "draw", {"bag": colour})
    assert again["draw"]["faces"] == [first] and again["draw"]["source"] == "table"


def test_the_end_shows_both_sides_so_it_cannot_be_undone() -> None:
    """End of the Game: the sides are shown at the end, so undo may not go back before it
    (``GameDefinition.sealed``); before the end undo works as ever."""
    s = new_game()
    _route_for_ana(s)
    play(s, "claim")
    assert s.can_undo
    _ben_idles(s)
    assert s.state.over
    assert not s.can_undo and "undo" not in {m.id for m in s.moves()}
    with pytest.raises(RuleError, match="both sides of the waffle have been shown"):
        s.undo()
    with pytest.raises(RuleError, match="both sides of the waffle have been shown"):
        s.find_move("undo")
    assert s.state.over


def test_the_score_lines_say_it_in_words() -> None:
    """The score lines say what was held and spent with the right plurals."""
    from d6tui.games.dungeon.export import score_lines

    s = new_game()  # (a wrong claim's words: in the older save's test above)
    _route_for_ana(s)
    play(s, "claim")
    _ben_idles(s)
    ben = " / ".join(score_lines(s.state, 1, s.state.scores[1]))
    assert "(s)" not in ben
    assert "held 0 swords" not in ben and "spent 0 swords, 0 keys and 0 Vorpal Swords" in ben
    ana = " / ".join(score_lines(s.state, 0, s.state.scores[0]))
    assert "held 6 swords, 0 keys and 0 Vorpal Swords; spent 6 swords" in ana
