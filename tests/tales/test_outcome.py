"""What a roll comes to in words (the step bar's last roll, the Hobbit's cookie, R03), and
the choices that name what they give (E03's two chests, E35's sick man)."""

from __future__ import annotations

from dataclasses import replace

from d6tui.games.tales import commands, legal, outcome, play, services, sheet
from d6tui.games.tales.state import Task
from d6tui.ui.tales.offers import label_of
from tests.tales.util import R, act, at_step, begin, hero, open_square, read, rolls, sq, waits


def _terrain_roll(race: str = "hobbit"):  # noqa: ANN202
    s = at_step(begin(race), "movement", "III-4")
    s = replace(s, squares=tuple(open_square("plains") if i == sq("III-4") else q
                                 for i, q in enumerate(s.squares)))
    s = act(s, commands.stop)
    assert waits(s) == "roll roll:terrain"
    return s


def test_the_cookie_says_what_the_roll_becomes_r03() -> None:
    s = _terrain_roll()
    action: legal.Action = (commands.roll, (), {})
    offers = outcome.cookie_offers(s, action, R(3, 5))
    assert [(o.die, o.delta) for o in offers] == [(0, -1), (1, -1)]
    first = offers[0]
    assert first.before == "8: nothing happens"
    assert first.after.startswith("7: a fight with the ")
    assert "(Atk" not in first.after  # the monster's numbers are on J01, not in the offer
    assert first.words.startswith("die 1 3→2: 8: nothing happens → 7: a fight with")
    # no cookie move matters for 4+5 (8, 9 and 10 are all "nothing"): nothing is offered
    assert outcome.cookie_offers(s, action, R(4, 5)) == []
    # and never without the Cookie
    assert outcome.cookie_offers(hero(s, items=()), action, R(3, 5)) == []


def test_the_last_roll_shows_its_dice_and_what_they_did() -> None:
    s = _terrain_roll("dwarf")
    event = commands.roll(s, roll=R(3, 3))
    after = play.apply(s, event)
    words = outcome.last_roll_words(event, after.news)
    assert words.startswith("3+3 = 6: a fight with the ")
    # a square is read die by die (R02), a cookie counts (R03), the Meeple's second roll too
    assert outcome.dice_words("roll:square", [5, 3]) == "column 5, row 3"
    assert outcome.counted_faces({"roll": R(3, 5), "cookie": [0, -1]}) == [2, 5]
    assert outcome.counted_faces({"rerolled": R(1, 1), "roll": R(6, 2)}) == [6, 2]
    assert outcome.dice_words("", [4]) == "4"


def test_e03_two_chests_name_both_treasures() -> None:
    s = read(at_step(begin("hobbit"), "square_event", "III-3"), "E03")
    s = rolls(s, 1, 1, 6, 5)
    assert any("2 holds 1 gold" in n and "11 holds a Pear scroll" in n for n in s.news)
    labels = [label_of(s, a) for a in legal.actions(s) if a[0] is commands.choose]
    assert labels == ["chest 2: 1 gold", "chest 11: a Pear scroll"]


def test_e35_the_sick_man_says_how_much_gold() -> None:
    s = hero(at_step(begin("human"), "square_event", "III-3"), scrolls=("Pear",))
    s = rolls(read(s, "E35"), 6)
    acts = [a for a in legal.actions(s) if a[0] is services.give_food]
    labels = sorted(label_of(s, a) for a in acts)
    gold = services.give_food(s, "Pear", "gold")
    after = play.apply(s, gold)
    got = after.hero.gold - s.hero.gold  # type: ignore[union-attr]
    assert got > 0
    assert labels == ["give the Pear for +25 fame", f"give the Pear for {got} gold"]


def test_the_cookie_names_what_a_place_roll_gives_r03_e05_e14() -> None:
    """A roll that writes no news but leads on (the quest's place, E05's place) says where
    it leads; "nothing changes → nothing changes" is never offered."""
    s = at_step(begin("hobbit"), "square_event", "III-3")
    action: legal.Action = (commands.roll, (), {})
    quest = sheet.push(s, Task("roll:square", "quest"))
    offers = outcome.cookie_offers(quest, action, R(5, 3))
    assert offers
    first = next(o for o in offers if (o.die, o.delta) == (0, -1))
    assert first.before == "column 5, row 3: the quest's place: V-3"
    assert first.after == "column 4, row 3: the quest's place: IV-3"
    e05 = sheet.push(s, Task("roll:e05"))
    (only,) = outcome.cookie_offers(e05, action, R(5))
    assert only.before == "5: Water Spirit (E20), its square to roll"
    assert only.after == "4: Pyramid Dungeon (E16), its square to roll"
    for o in [*offers, only]:
        assert "nothing changes" not in o.words
        assert o.before.split(": ", 1)[-1] != o.after.split(": ", 1)[-1] or "row" in o.before
