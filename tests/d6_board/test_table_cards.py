"""Table edition: a card of the players' own box is named by what the rules read off it,
whether or not a house card is like it (Part II "The Cards", "Advantage Cards", "Heroic
Quest Cards", "Bounty Cards"; "About the Dice" for the weapon dice)."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.game import find_move
from d6tui.games.d6_board import card_spec as specs
from d6tui.games.d6_board.combat import hero_total
from d6tui.games.d6_board.fold import fold
from d6tui.games.d6_board.moves import moves, seat_to_move
from d6tui.games.d6_board.view import HIDDEN, view
from tests.d6_board.helpers import begun, ids, play, put, set_up
from tests.ui.helpers import make_app, sync

SPACES = tuple(str(i) for i in range(1, 11))


@pytest.mark.parametrize(("deck", "text", "spec"), [
    ("advantage", "Advantage: D8 Dual Wield", {"kind": "weapon", "die": 8,
                                               "flags": ["dual_wield"]}),
    ("advantage", "d20 critical ranged", {"kind": "weapon", "die": 20,
                                          "flags": ["ranged", "critical"]}),
    ("advantage", "D4", {"kind": "weapon", "die": 4, "flags": []}),
    ("advantage", "buff +3", {"kind": "buff", "effect": "plus", "value": 3}),
    ("advantage", "re-roll", {"kind": "buff", "effect": "reroll", "value": 0}),
    ("heroic_quest", "green gold 3", {"banner": "green", "effect": "gold", "value": 3}),
    ("heroic_quest", "Red extra HP 2", {"banner": "red", "effect": "extra_hp", "value": 2}),
    ("heroic_quest", "escape", {"banner": "green", "effect": "escape", "value": 0}),
    ("bounty", "Undead in space 5, 2 glory", {"class": "undead", "space": "5", "glory": 2}),
    ("bounty", "bandits 10 3", {"class": "bandit", "space": "10", "glory": 3}),
    ("bounty", "glory 4 beast space 1", {"class": "beast", "space": "1", "glory": 4}),
])
def test_any_card_the_rules_read_is_typed(deck: str, text: str, spec: dict) -> None:
    """"The Cards": a weapon's die and keywords, a buff's amount, a Heroic Quest card's
    banner and effect, a bounty's class, space and glory, typed as printed."""
    assert specs.parse(deck, text, SPACES) == spec


@pytest.mark.parametrize(("deck", "text", "why"), [
    ("advantage", "d7", "a weapon rolls a d4, d6, d8, d10, d12 or d20, not a d7"),
    ("advantage", "d8 flaming", "'flaming' is no weapon keyword"),
    ("advantage", "d8 ranged ranged", "each once"),
    ("advantage", "buff +0", "a plus card needs an amount of 1-6, not 0"),
    ("advantage", "ward 2", "a ward card carries no amount"),
    ("heroic_quest", "green buff 1", "buff is a red card"),
    ("heroic_quest", "red teleport", "a red card does one of buff, extra hp, steal, ambush"),
    ("heroic_quest", "gold 11", "a gold card needs an amount of 1-10, not 11"),
    ("bounty", "dragon in space 5, 2 glory", "not a bounty"),
    ("bounty", "undead in space 11, 2 glory", "a space of this map, 1-10, not 11"),
    ("bounty", "undead in space 4", "a bounty is worth 1-6 glory, not 0"),
])
def test_an_impossible_card_gets_one_clear_line(deck: str, text: str, why: str) -> None:
    """A card no rule can read is refused with one line saying what is wrong."""
    with pytest.raises(RuleError) as e:
        specs.parse(deck, text, SPACES)
    assert why in str(e.value) and "\n" not in str(e.value)


def _bought():  # noqa: ANN202
    """Table edition: player one buys an Advantage card in the Village; it waits to be
    named."""
    st = begun(set_up(edition="table"), "V", gold=5, stats=(6, 4, 4, 4), hand=())
    return play(st, "buy")


def test_a_typed_weapon_unlike_any_house_card_is_held_and_stored() -> None:
    """"Advantage Cards": a D20 Ranged Critical (no house card has one) is named, stored in
    the draw event, and held; the deck keeps its count."""
    st = _bought()
    total = len(st.piles["advantage"]) + len(st.discards["advantage"])
    m = find_move(moves(st, seat_to_move(st)), "name:typed:advantage")
    assert m.choices[0].kind == "text" and m.choices[0].value == "D8 Dual Wield"
    ev = m.run(st, Dice(0), text="D20 Ranged Critical")
    assert ev["spec"] == {"kind": "weapon", "die": 20, "flags": ["ranged", "critical"]}
    st = fold(st, ev)
    (cid,) = st.heroes[0].hand
    assert st.card(cid)["die"] == 20 and st.card(cid)["source"] == "table"
    assert st.card(cid)["name"] == "D20 Ranged Critical"
    assert len(st.piles["advantage"]) + len(st.discards["advantage"]) + 1 == total
    assert not st.prompts


def test_a_typed_card_that_cannot_be_is_refused_and_nothing_changes() -> None:
    """One clear line; the card still waits to be named."""
    st = _bought()
    m = find_move(moves(st, seat_to_move(st)), "name:typed:advantage")
    with pytest.raises(RuleError, match="not a d7"):
        m.run(st, Dice(0), text="d7 dual wield")
    assert st.prompts[0].kind == "pick" and st.heroes[0].hand == ("-",)


def test_a_weapon_picked_by_die_and_keywords_fights_with_its_die() -> None:
    """"Advantage Cards" and Step 4: a d20 Dual Wield picked from the lists is a weapon of
    the fight, rolled as a d20."""
    st = _bought()
    st = play(st, "name:weapon", die="20", flags=["dual_wield"])
    (cid,) = st.heroes[0].hand
    assert st.card(cid)["flags"] == ["dual_wield"] and st.card(cid)["die"] == 20
    st = begun(st, "5", hand=(cid,), stats=(4, 4, 4, 4))
    st, tok = put(st, "gnoll", "5")
    st = play(st, f"fight:{tok}")
    while st.combat.step != "weapon":  # the other hunters pass at Step 2
        st = play(st, "pass")
    assert f"attack:{cid}+natural" in ids(st)
    st = play(st, f"attack:{cid}+natural", {"hero1": 17, "hero2": 3, "enemy": 2})
    assert st.combat.dice[0] == 20 and hero_total(st) == 20


def test_a_named_card_in_a_hand_stays_hidden_from_the_others() -> None:
    """A hand is secret: no other seat's view holds what a named card is."""
    st = _bought()
    st = play(st, "name:typed:advantage", text="d12 critical")
    (cid,) = st.heroes[0].hand
    assert view(st, 0).card(cid)["die"] == 12
    other = view(st, 1)
    assert other.heroes[0].hand == (HIDDEN,) and cid not in other.named
    assert view(st, None).named == {}


def test_a_bounty_is_named_by_class_space_and_glory() -> None:
    """"Bounty Cards": player one names each bounty turned up, by its class, space and
    glory, from lists or typed."""
    st = set_up(edition="table")
    st = begun(st, "V")
    cid = st.bounties[0]
    from dataclasses import replace

    from d6tui.games.d6_board.state import Prompt
    st = replace(st, bounties=st.bounties[1:], prompts=(Prompt(0, "pick", "bounty"),))
    st = play(st, "name:bounty", cls="poison", space="10", glory="5")
    new = st.bounties[-1]
    assert st.card(new) == {"class": "poison", "space": "10", "glory": 5,
                            "name": "poison in space 10, 2 glory".replace("2", "5"),
                            "source": "table"}
    assert cid not in st.bounties


@sync
async def test_a_card_typed_on_screen_is_checked_in_its_box(saves: Path) -> None:
    """At the keyboard: "Another card: type what it says" opens a box with an example; a
    card no rule can read is refused inside the box in one line, the words kept; the right
    words name the card and the hand holds it."""
    from textual.widgets import Input, Label

    from d6tui.ui.screens.modals import TextPrompt
    from tests.d6_board.ui_helpers import played_until, press_move, settle

    s, _ = played_until(saves, lambda st, m: m.id.startswith("name:")
                        and st.prompts[0].reward == "advantage", edition="table")
    seat = s.state.prompts[0].seat
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press_move(pilot, "name:typed:advantage")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, TextPrompt):
                break
        box = app.screen
        assert isinstance(box, TextPrompt)
        field = box.query_one("#text", Input)
        assert field.value == "D8 Dual Wield"
        field.value = "d7 dual wield"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is box and field.value == "d7 dual wield"
        assert "not a d7" in str(box.query_one("#error", Label).render())
        field.value = "D20 Ranged Critical"
        await pilot.press("enter")
        for _ in range(20):
            await pilot.pause()
            if not s.state.prompts or s.state.prompts[0].kind != "pick":
                break
        named = [c for c in s.state.heroes[seat].hand if c in s.state.named]
        assert named and s.state.card(named[0])["die"] == 20
