"""The events booklet E01-E39, each with its branches, and the J08 dungeon rooms."""

from __future__ import annotations

from dataclasses import replace

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.tales import booklet, commands, island, legal, play, scoring, services, tables
from d6tui.games.tales.state import Quest, Square, Tale

from .util import R, act, at_step, begin, hero, open_square, read, rolls, sq, square, waits


def base(race: str = "human", pos: str = "III-3") -> Tale:
    """A tale at the square event step, the hero with 2 gold on the castle square III-3."""
    return hero(at_step(begin(race), "square_event", pos), gold=2)


def two(total: int) -> tuple[int, int]:
    a = min(6, total - 1)
    return a, total - a


def gold(s: Tale) -> int:
    assert s.hero is not None
    return s.hero.gold


def fame(s: Tale) -> int:
    assert s.hero is not None
    return s.hero.fame


def test_e01_castle() -> None:
    s = hero(base(), hp=2, poison=1)
    s = read(s, "E01")
    assert waits(s) == "shop castle"
    s = act(s, services.heal)
    assert s.hero is not None and s.hero.hp == 3
    with pytest.raises(RuleError, match="once a turn"):
        services.heal(s)
    s = act(s, services.cure)
    assert s.hero is not None and s.hero.poison == 0
    s = act(s, services.take_quest)
    assert waits(s) == "roll roll:square"
    s = rolls(s, 1, 1)
    s = rolls(s, 5)
    assert s.quests[-1].recipient == "III-3" and s.quests[-1].counts
    with pytest.raises(RuleError, match="still open"):
        services.take_quest(s)
    s = act(s, services.leave)
    assert s.top is None


@pytest.mark.parametrize(("week", "paid"), [(1, 6), (2, 6), (3, 3)])
def test_e02_open_the_map(week: int, paid: int) -> None:
    s = base()
    sqs = tuple(q if q.revealed else open_square() for q in s.squares)
    s = replace(s, squares=sqs, week=week, step="end_of_turn")
    assert play.can_complete(s, s.quests[0])
    s = act(s, commands.complete_quest, 1)
    assert fame(s) == 50 and gold(s) == 2 + paid
    assert s.quests[0].done
    # there is no village: one appears on a random square
    assert waits(s) == "roll roll:square"
    s = rolls(s, 1, 1)
    assert (s.squares[0].terrain, s.squares[0].event) == ("village", "E08")


def test_e02_needs_the_whole_map() -> None:
    s = replace(base(), step="end_of_turn")
    with pytest.raises(RuleError, match="cannot be completed"):
        commands.complete_quest(s, 1)


@pytest.mark.parametrize(
    ("total", "got"),
    [(2, "gold:1"), (3, "Kaboom"), (4, "Blast"), (5, "Dash"), (6, "Throw"), (7, "Antidote"),
     (8, "Carrot"), (9, "Spark"), (10, "Tomato"), (11, "Pear"), (12, "gold:2")],
)
def test_e03_treasure(total: int, got: str) -> None:
    s = read(base(), "E03")
    s = rolls(s, *two(total))
    if got.startswith("gold:"):
        assert gold(s) == 2 + int(got[5:])
    else:
        assert s.hero is not None and s.hero.scrolls == (got,)


def test_e03_hobbit_rolls_twice_and_chooses() -> None:
    s = read(base("hobbit"), "E03")
    assert play.pending(s).dice == 4
    s = rolls(s, 1, 1, 6, 5)
    assert play.pending(s).options == ("2", "11")
    s = act(s, commands.choose, "11")
    assert s.hero is not None and s.hero.scrolls == ("Pear",)


def test_e04_revive_the_island() -> None:
    s = hero(base(), items=("Potion",))
    s = replace(s, quests=(*s.quests, Quest(2, "water", "Water Spirit", "Any")),
                step="end_of_turn")
    s = act(s, commands.complete_quest, 2)
    assert s.hero is not None and "Potion" not in s.hero.items and fame(s) == 50
    assert waits(s) == "roll roll:treasure"
    s = rolls(s, 1, 1)
    assert waits(s) == "roll roll:e25"


@pytest.mark.parametrize(
    ("face", "event", "site"),
    [(1, "E11", "tower"), (2, "E11", "tower"), (3, "E16", "pyramid"), (4, "E16", "pyramid"),
     (5, "E20", "lake"), (6, "E20", "lake")],
)
def test_e05_abandoned_place(face: int, event: str, site: str) -> None:
    s = read(base(), "E05")
    s = rolls(s, face)
    s = rolls(s, 2, 5)
    placed = s.squares[sq("II-5")]
    assert (placed.event, placed.site, placed.road) == (event, site, "")


def test_e06_another_dimension() -> None:
    s = read(base(), "E06")
    assert s.over and fame(s) == 20


def mirror_quest(s: Tale, hp: int) -> Tale:
    s = replace(s, quests=(*s.quests, Quest(2, "mirror", "Magic mirror", "III-3",
                                            mirror_hp=hp)))
    return read(s, "E07")


def test_e07_mirror_hit_teleports() -> None:
    s = mirror_quest(base(), 9)
    assert s.fight is not None and (s.fight.atk, s.fight.hp) == (5, 9)
    s = act(s, commands.attack, roll=R(3, 3))
    assert s.quests[-1].mirror_hp == 8 and s.fight is None
    assert waits(s) == "roll roll:square"
    s = rolls(s, 1, 2)
    assert s.pos == sq("I-2") and s.days[-1].final == "I-2"
    assert waits(s) == "roll roll:reveal"  # unrevealed: revealed per R04


def test_e07_mirror_broken_goes_to_e30() -> None:
    s = mirror_quest(base(), 1)
    s = act(s, commands.attack, roll=R(3, 3))
    assert s.quests[-1].done and gold(s) == 5 and fame(s) == 50
    assert s.square.event == "E00"
    assert waits(s) == "roll roll:treasure"
    s = rolls(s, 1, 1)
    assert waits(s) == "roll roll:e25"


def test_e07_mirror_poisons() -> None:
    s = mirror_quest(base(), 5)
    s = act(s, commands.attack, roll=R(1, 2))
    assert s.hero is not None and s.hero.poison == 1 and s.fight is not None


def test_e08_village() -> None:
    s = hero(base("hobbit"), gold=3, hp=2, poison=1)
    s = read(s, "E08")
    s = act(s, services.donate, 1)
    assert fame(s) == 5 and gold(s) == 2
    s = act(s, services.rest)
    assert s.hero is not None and (s.hero.hp, s.hero.poison, s.hero.gold) == (3, 0, 1)
    s = act(s, services.buy, "Throw")
    assert s.hero is not None and s.hero.scrolls == ("Throw",)
    with pytest.raises(RuleError, match="does not sell"):
        services.buy(s, "Antidote")


@pytest.mark.parametrize("option", ["let", "grab"])
def test_e09_devouring_machine(option: str) -> None:
    s = read(base(), "E09")
    assert fame(s) == 50
    s = act(s, commands.choose, option)
    if option == "let":
        assert s.over and s.won and gold(s) == 202
    else:
        assert waits(s) == "roll roll:e37"


@pytest.mark.parametrize("option", ["approach", "flee"])
def test_e10_purple_portal(option: str) -> None:
    s = hero(read(base(), "E10"), atk=20)
    assert s.fight is not None and s.fight.name == "Giant Bat" and s.fight.trophy == 2
    while s.fight is not None:
        s = act(s, commands.attack, roll=R(3, 3))
    assert gold(s) == 4
    s = act(s, commands.choose, option)
    if option == "approach":
        assert waits(s) == "roll roll:e32"
    else:
        assert s.step == "end_of_turn"


def test_e11_tower_guard() -> None:
    s = read(base(), "E11")
    q = s.quests[-1]
    assert (q.kind, q.recipient, q.place, q.mirror_hp) == ("mirror", "Magic mirror", "III-3", 9)
    assert s.square.event == "E07" and s.fight is not None


def test_e12_witch() -> None:
    s = read(base("human"), "E12")
    s = act(s, services.take_gift, "Dash")
    with pytest.raises(RuleError, match="one scroll"):
        services.take_gift(s, "Antidote")
    s = act(s, services.witch_teleport, "VI-6")
    assert s.pos == sq("VI-6") and gold(s) == 1
    assert waits(s) == "roll roll:reveal"
    s = rolls(s, 1, 1)
    s = act(s, commands.place_road, 0)
    assert fame(s) == 10 and s.days[-1].final == "VI-6"


def test_e12_gift_only_for_humans() -> None:
    s = read(base("elf"), "E12")
    with pytest.raises(RuleError, match="Humans"):
        services.take_gift(s, "Dash")


@pytest.mark.parametrize("total", range(2, 13))
def test_e13_looking_for_the_exit(total: int) -> None:
    s = read(base(), "E13")
    s = rolls(s, *two(total))
    if total % 2 == 0:
        assert s.step == "end_of_turn" and s.pos == sq("III-3")
    else:
        assert waits(s) == "roll roll:square"
        s = rolls(s, 3, 1)
        assert s.pos == sq("III-1")
        s = rolls(s, 1, 1)
        s = act(s, commands.place_road, 0)
        assert s.step == "end_of_turn"


def test_e13_dwarf_chooses() -> None:
    s = read(base("dwarf"), "E13")
    assert play.pending(s).options == ("even", "odd")
    s = act(s, commands.choose, "even")
    assert s.step == "end_of_turn"


@pytest.mark.parametrize(
    ("face", "kind", "event"),
    [(1, "veteran", "E19"), (2, "veteran", "E19"), (3, "mango", "E38"), (4, "mango", "E38"),
     (5, "scrolls", "E22"), (6, "scrolls", "E22")],
)
def test_e14_new_quest(face: int, kind: str, event: str) -> None:
    s = read(base(), "E14")
    s = rolls(s, 6, 6)
    s = rolls(s, face)
    q = s.quests[-1]
    assert (q.kind, q.recipient, q.place) == (kind, "III-3", "VI-6")
    assert s.squares[sq("VI-6")].event == event
    assert s.hero is not None and s.hero.has("Mango") == (kind == "mango")


def test_e15_village_shop() -> None:
    s = read(base(), "E15")
    s = act(s, services.buy, "Antidote")
    with pytest.raises(RuleError, match="does not sell"):
        services.buy(s, "Throw")
    with pytest.raises(RuleError):
        services.donate(s, 1)


def test_e16_pyramid() -> None:
    s = read(base(), "E16")
    assert s.dungeon == "pyramid" and s.room == 1
    assert play.pending(s).options == ("exit", "risk")
    s = act(s, commands.choose, "risk")
    s = rolls(s, 1, 2)  # room 3: treasure
    s = rolls(s, 1, 1)
    assert s.room == 2 and gold(s) == 3
    s = replace(s, room=6)
    assert play.pending(s).options == ("exit", "risk", "small_room")
    s = act(s, commands.choose, "small_room")
    assert fame(s) == 50 and s.dungeon == ""
    assert waits(s) == "roll roll:e25"


def test_e16_room_9_is_the_flaming_sword() -> None:
    s = replace(read(base(), "E16"), room=8)
    s = act(s, commands.choose, "risk")
    s = rolls(s, 3, 4)  # blade trap, then room 9
    assert s.hero is not None and s.hero.has("Flaming Sword") and "Spark" in s.hero.scrolls
    assert fame(s) == 50  # E33 then E28


def test_e16_flight_leads_to_the_exit() -> None:
    s = read(base(), "E16")
    s = act(s, commands.choose, "risk")
    s = rolls(s, 4, 4)  # a plains monster
    assert s.fight is not None and s.fight.dungeon
    s = act(s, commands.flee, roll=R(5))
    assert waits(s) == "roll roll:e13" and s.dungeon == ""


@pytest.mark.parametrize(
    ("fame_", "status"),
    [(0, "Unknown Hero"), (99, "Unknown Hero"), (100, "Famous Hero"), (299, "Famous Hero"),
     (300, "Renowned Hero"), (400, "Hero of the Island"), (499, "Hero of the Island"),
     (500, "Legendary Hero")],
)
def test_e17_fame_status_j09(fame_: int, status: str) -> None:
    assert scoring.status_for(Tale(), fame_) == status


def test_e17_scoring() -> None:
    s = hero(base(), fame=100, gold=7)
    s = replace(s, quests=(
        Quest(1, "explore", "Hero", "Any", done=True),
        Quest(2, "mango", "III-3", "I-1", counts=True, done=True),
        Quest(3, "mango", "III-3", "I-2", counts=True),
    ))
    s = read(s, "E17")
    assert s.over and s.final_fame == 100 + 15 + 7 and s.status == "Famous Hero"


@pytest.mark.parametrize(
    ("total", "race", "hp"),
    [(2, "human", 0), (3, "human", 2), (5, "human", 2), (6, "human", 3), (7, "human", 3),
     (8, "human", 4), (12, "human", 4), (2, "elf", 2), (6, "elf", 4)],
)
def test_e18_take_the_wand(total: int, race: str, hp: int) -> None:
    s = read(base(race), "E18")
    s = act(s, commands.choose, "take")
    s = rolls(s, *two(total))
    assert s.hero is not None and s.hero.hp == hp
    assert s.over
    assert s.won == (hp > 0)  # E26 then E29


def test_e18_smash() -> None:
    s = act(read(base(), "E18"), commands.choose, "smash")
    assert s.won and fame(s) == 50


def with_quest(s: Tale, kind: str, event: str, place: str = "IV-4") -> Tale:
    s = replace(s, quests=(*s.quests, Quest(2, kind, "III-3", place, counts=True)))
    s = square(s, place, road="crossroads", exits="NESW", terrain="forest", event=event)
    return replace(s, pos=sq(place))


def test_e19_defeat_a_veteran() -> None:
    s = hero(with_quest(base(), "veteran", "E19"), atk=20)
    s = read(s, "E19")
    assert s.fight is not None and s.fight.veteran and s.fight.name == "Giant Rat"
    s = rolls(s, 3)
    while s.fight is not None:
        s = act(s, commands.attack, roll=R(3, 3))
    assert s.square.event == "" and s.quests[-1].done
    assert waits(s) == "roll roll:treasure"


@pytest.mark.parametrize(("face", "route"), sorted(tables.ROUTES.items()))
def test_e20_water_spirit(face: int, route: tuple[str, ...]) -> None:
    s = read(base(), "E20")
    assert s.hero is not None and s.hero.has("Potion") and s.square.event == "E00"
    s = rolls(s, face)
    q = s.quests[-1]
    assert (q.kind, q.places, q.place) == ("water", route, "Any")


def test_e20_route_pays_on_arrival() -> None:
    s = replace(base(), step="movement", pos=sq("II-1"))
    s = square(s, "II-1", road="crossroads", exits="NESW", terrain="plains")
    s = square(s, "I-1", road="crossroads", exits="NESW", terrain="plains")
    s = replace(s, quests=(Quest(2, "water", "Water Spirit", "Any", places=("I-1",)),))
    s = act(s, commands.move, "W")
    assert gold(s) == 3 and s.quests[0].places == ()
    s = act(s, commands.stop)


def test_e21_knight_then_e09() -> None:
    s = hero(read(base(), "E21"), atk=30, dmg=9)
    s = rolls(s, 1)
    s = act(s, commands.attack, roll=R(3, 3))
    assert fame(s) == 50 and waits(s) == "choose choose:e09"


def test_e22_bring_two_scrolls() -> None:
    s = hero(with_quest(base(), "scrolls", "E22"), scrolls=("Carrot", "Dash", "Spark"))
    s = read(s, "E22")
    assert "Carrot+Spark" in play.pending(s).options
    s = act(s, commands.choose, "Carrot+Spark")
    assert s.hero is not None and s.hero.scrolls == ("Dash",) and gold(s) == 6
    assert s.square.event == "" and s.quests[-1].done
    assert waits(s) == "roll roll:treasure"


def test_e22_needs_two_scrolls() -> None:
    s = hero(with_quest(base(), "scrolls", "E22"), scrolls=("Carrot",))
    s = read(s, "E22")
    assert not s.quests[-1].done and s.top is None


def test_e23_ruby() -> None:
    s = read(base(), "E23")
    assert s.hero is not None and s.hero.items == ("Ruby",)


def test_e24_to_the_end() -> None:
    s = read(base(), "E24")
    assert s.over and fame(s) == 20 and not s.won


@pytest.mark.parametrize(
    ("face", "event", "site"),
    [(1, "E31", "rift"), (2, "E31", "rift"), (3, "E10", "portal"), (4, "E10", "portal"),
     (5, "E27", "cave"), (6, "E27", "cave")],
)
def test_e25_source_of_monsters(face: int, event: str, site: str) -> None:
    s = read(base(), "E25")
    s = rolls(s, face)
    s = rolls(s, 4, 4)
    assert (s.squares[sq("IV-4")].event, s.squares[sq("IV-4")].site) == (event, site)


def test_e26_lightbearer() -> None:
    s = read(base(), "E26")
    assert s.won and fame(s) == 50


def test_e27_cave() -> None:
    s = read(base(), "E27")
    s = act(s, commands.choose, "risk")
    s = rolls(s, 5, 5)  # room fight: forest, a week 3 veteran, trophy 4
    assert s.fight is not None and s.fight.veteran and s.fight.trophy == 4
    assert s.fight.name == "Giant Spider"


def test_e27_room_8() -> None:
    s = replace(read(base(), "E27"), room=7)
    s = act(s, commands.choose, "risk")
    s = rolls(s, 3, 3)  # dart trap, 1d6 vs Spd
    s = rolls(s, 1)
    assert s.hero is not None and s.hero.poison == 1
    assert waits(s) == "roll roll:poison"
    s = rolls(s, 1, 1)
    assert waits(s) == "choose choose:e18"


def test_e28_missing_nun() -> None:
    s = read(base(), "E28")
    assert fame(s) == 50 and gold(s) == 3 and s.square.event == "E00"
    assert waits(s) == "roll roll:e25"


def test_e29_source_of_evil() -> None:
    s = read(base(), "E29")
    assert s.won and s.over and gold(s) == 202


def test_e30_magic_mirror_quest() -> None:
    s = replace(base(), quests=(Quest(2, "mirror", "Magic mirror", "III-3", mirror_hp=0),))
    s = read(s, "E30")
    assert s.quests[0].done and gold(s) == 5 and fame(s) == 50


def test_e31_rift() -> None:
    s = hero(read(base(), "E31"), items=("Ruby",))
    assert s.hero is not None and s.hero.poison == 1
    assert waits(s) == "roll roll:poison"
    s = rolls(s, 3, 3)
    assert play.pending(s).options == ("A", "B", "C", "D")
    s = act(s, commands.choose, "D")
    s = rolls(s, 6)  # spike pit
    assert s.hero is not None and s.hero.hp == 3
    s = rolls(s, 6, 6)  # the loop: poison check again
    s = act(s, commands.choose, "B")
    s = rolls(s, 6)
    assert s.fight is not None and s.fight.name == "Pink Slime" and not s.fight.can_flee
    s = hero(s, atk=20)
    while s.fight is not None:
        s = act(s, commands.attack, roll=R(3, 3))
    s = rolls(s, 6, 6)
    s = act(s, commands.choose, "C")
    assert s.fight is not None and s.fight.name == "Bone Dragon"


@pytest.mark.parametrize(("face", "found"), [(1, "Ruby"), (2, "Ruby"), (3, "treasure"),
                                             (4, "pit"), (5, "pit"), (6, "pit")])
def test_e31_search(face: int, found: str) -> None:
    s = read(base(), "E31")
    s = rolls(s, 6, 6)
    s = act(s, commands.choose, "D")
    s = rolls(s, face)
    if found == "Ruby":
        assert s.hero is not None and s.hero.has("Ruby")
    elif found == "treasure":
        assert waits(s) == "roll roll:treasure"
    else:
        assert s.hero is not None and s.hero.hp == 3
        assert waits(s) == "roll roll:poison"  # the rift goes on


def test_e31_a_leaves() -> None:
    s = read(base(), "E31")
    s = rolls(s, 6, 6)
    s = act(s, commands.choose, "A")
    assert waits(s) == "roll roll:e13"


@pytest.mark.parametrize(
    ("face", "name"),
    [(1, "Ghoul"), (2, "Ghoul"), (3, "Giant Spider"), (4, "Gold Slime"), (5, "Troll"),
     (6, "Troll")],
)
def test_e32_servant(face: int, name: str) -> None:
    s = read(base(), "E32")
    s = rolls(s, face)
    assert s.fight is not None and s.fight.name == name and "ambush" in s.fight.abilities
    assert s.fight.trophy == 4


def test_e32_then_knight_or_flee() -> None:
    s = hero(read(base(), "E32"), atk=30, dmg=9)
    s = rolls(s, 1)
    s = act(s, commands.attack, roll=R(3, 3))  # ambush round: spared
    s = act(s, commands.attack, roll=R(3, 3))
    assert waits(s) == "choose choose:e32"
    assert act(s, commands.choose, "flee").step == "end_of_turn"
    assert act(s, commands.choose, "knight").fight is not None


def test_e33_flaming_sword() -> None:
    s = read(base(), "E33")
    assert s.hero is not None and s.hero.has("Flaming Sword")


def test_e34_dragon_slayer() -> None:
    s = hero(base(), items=("Ruby", "Ruby"))
    s = read(s, "E34")
    assert fame(s) == 100 and s.won


def test_e35_rows() -> None:
    def roll35(face: int, race: str = "human", **sheet: object) -> Tale:
        s = hero(base(race), **sheet)
        return rolls(read(s, "E35"), face)

    assert roll35(1).hero.poison == 1  # type: ignore[union-attr]
    s = roll35(2, scrolls=("Carrot", "Dash"))
    assert play.pending(s).options == ("Carrot", "Dash")
    s = act(s, commands.choose, "Dash")
    assert s.hero is not None and s.hero.scrolls == ("Carrot",)
    assert gold(roll35(2)) == 1
    assert roll35(3).tired and not roll35(3, "dwarf").tired
    s = roll35(4, gold=3)
    s = act(s, services.buy, "Blast")
    with pytest.raises(RuleError, match="no Blast"):
        services.buy(s, "Blast")
    assert gold(s) == 2
    s = roll35(5)
    s = rolls(s, 2, 2)
    assert (s.squares[sq("II-2")].event, s.squares[sq("II-2")].site) == ("E12", "hut")
    s = roll35(6, scrolls=("Pear",))
    s = act(s, services.give_food, "Pear", "gold")
    assert gold(s) == 8
    s = roll35(6, scrolls=("Carrot",))
    s = act(s, services.give_food, "Carrot", "fame")
    assert fame(s) == 25


def test_e36_bone_dragon_then_e34() -> None:
    s = hero(read(base(), "E36"), atk=30, dmg=9)
    s = act(s, commands.attack, roll=R(3, 3))
    s = rolls(s, 6, 6)  # regeneration fails
    assert s.won and fame(s) == 50


@pytest.mark.parametrize(
    ("total", "race", "spd", "won"),
    [(6, "human", 2, False), (7, "human", 2, True), (6, "elf", 2, True), (2, "human", 6, False)],
)
def test_e37_shield(total: int, race: str, spd: int, won: bool) -> None:
    s = hero(read(base(race), "E37"), spd=spd)
    s = rolls(s, *two(total))
    assert s.over and s.won == won
    assert fame(s) == (50 if won else 20)


def test_e38_bring_a_mango() -> None:
    s = hero(with_quest(base(), "mango", "E38", "VI-6"), items=("Mango",))
    s = read(s, "E38")
    # from III-3 to VI-6: 6 squares, half is 3
    assert gold(s) == 5 and s.quests[-1].done and s.square.event == ""
    assert island.distance(sq("III-3"), sq("VI-6")) == 6


@pytest.mark.parametrize(("face", "terrain"), sorted(tables.WEATHER.items()))
def test_e39_terrible_weather(face: int, terrain: str) -> None:
    s = rolls(read(base(), "E39"), face)
    assert s.banned == terrain and s.days[-1].notes == (f"no {terrain} today",)


def room(total: int, race: str = "human", **sheet: object) -> Tale:
    s = hero(read(base(race), "E16"), **sheet)
    s = replace(s, room=4)
    s = act(s, commands.choose, "risk")
    return rolls(s, *two(total))


@pytest.mark.parametrize("total", [2, 12])
def test_j08_meeple(total: int) -> None:
    s = room(total)
    assert s.hero is not None and s.hero.has("Meeple") and s.room == 5


def test_j08_treasure() -> None:
    assert waits(room(3)) == "roll roll:treasure"


@pytest.mark.parametrize(("race", "after"), [("human", 3), ("dwarf", 4)])
def test_j08_dead_end_bypass(race: str, after: int) -> None:
    assert room(4, race).room == after


@pytest.mark.parametrize(("face", "after"), [(1, 5), (2, 3)])
def test_j08_locked(face: int, after: int) -> None:
    s = rolls(room(5), face)
    assert s.room == after


@pytest.mark.parametrize(("face", "hp"), [(2, 4), (3, 3)])
def test_j08_dart_trap(face: int, hp: int) -> None:
    s = rolls(room(6), face)
    assert s.hero is not None and s.hero.hp == hp


def test_j08_blade_trap() -> None:
    s = room(7)
    assert s.hero is not None and s.hero.hp == 3


@pytest.mark.parametrize(
    ("total", "name"), [(8, "Pink Slime"), (9, "Goblin"), (10, "Giant Rat"), (11, "Skeleton")],
)
def test_j08_fights(total: int, name: str) -> None:
    s = room(total)
    assert s.fight is not None and s.fight.name == name


def test_j08_rooms_6_to_8_trophy_one() -> None:
    s = replace(read(base(), "E16"), room=6, week=2)
    s = act(s, commands.choose, "risk")
    s = rolls(s, 4, 4)
    assert s.fight is not None and s.fight.trophy == 1


def test_every_event_has_a_title() -> None:
    assert sorted(booklet.TITLES) == [f"E{n:02d}" for n in range(1, 40)]
    assert Square().revealed is False


def test_e35_thief_without_scrolls_or_gold() -> None:
    s = rolls(read(hero(base(), gold=0), "E35"), 2)
    assert gold(s) == 0 and s.top is None


def test_e22_keep_the_scrolls() -> None:
    s = hero(with_quest(base(), "scrolls", "E22"), scrolls=("Carrot", "Dash"))
    s = act(read(s, "E22"), commands.choose, "keep")
    assert s.hero is not None and s.hero.scrolls == ("Carrot", "Dash")
    assert not s.quests[-1].done and s.square.event == "E22"


def test_e38_without_a_mango() -> None:
    s = read(with_quest(base(), "mango", "E38"), "E38")
    assert not s.quests[-1].done and s.square.event == "E38"


def test_e31_with_the_potion_skips_the_poison_check() -> None:
    s = read(hero(base(), items=("Potion",)), "E31")
    assert s.hero is not None and s.hero.poison == 0
    assert waits(s) == "choose choose:e31"


def test_witch_teleport_needs_another_square_and_gold() -> None:
    s = read(base(), "E12")
    with pytest.raises(RuleError, match="another square"):
        services.witch_teleport(s, "III-3")
    with pytest.raises(RuleError, match="1 gold"):
        services.witch_teleport(hero(s, gold=0), "I-1")


def test_cookie_keeps_a_die_between_1_and_6() -> None:
    s = read(base("hobbit"), "E03")
    s = hero(s, items=("Cookie",))
    s = act(s, commands.roll, roll=R(1, 1, 6, 6), cookie=(0, -1))
    assert play.pending(s).options == ("2", "12")


def test_meeple_must_be_owned() -> None:
    s = read(base(), "E03")
    with pytest.raises(RuleError, match="Meeple"):
        commands.roll(s, roll=R(1, 1), reroll=R(6, 6))


def test_water_quest_completion_is_offered_when_the_route_is_done() -> None:
    s = hero(replace(base(), step="end_of_turn"), items=("Potion",))
    s = replace(s, quests=(*s.quests, Quest(2, "water", "Water Spirit", "Any")))
    assert (commands.complete_quest, (2,), {}) in legal.actions(s)
    s = replace(s, quests=(*s.quests[:-1], Quest(2, "water", "Water Spirit", "Any",
                                                  places=("I-1",))))
    assert (commands.complete_quest, (2,), {}) not in legal.actions(s)


@pytest.mark.parametrize(
    ("face", "name"),
    [(1, "Skeleton"), (2, "Skeleton"), (3, "Giant Rat"), (4, "Goblin"), (5, "Pink Slime"),
     (6, "Pink Slime")],
)
def test_e31_b_monsters(face: int, name: str) -> None:
    s = replace(read(base(), "E31"), week=3)
    s = rolls(s, 6, 6)
    s = act(s, commands.choose, "B")
    s = rolls(s, face)
    assert s.fight is not None and s.fight.name == name and s.fight.trophy == 1


@pytest.mark.parametrize("total", range(2, 13))
def test_e37_every_total(total: int) -> None:
    s = rolls(read(base(), "E37"), *two(total))
    assert s.won == (total + 2 >= 9)
