"""R04-R06: movement, revealing new squares (J02 table), villages, the magical road change."""

from __future__ import annotations

from dataclasses import replace

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.tales import commands, island, movement, play, prompts
from d6tui.games.tales.state import Square, Tale

from .util import act, at_step, begin, hero, open_square, rolls, sq, waits


def on_map(state: Tale, **squares: Square) -> Tale:
    """Set squares, given by name with "_" for "-" (II_4=...)."""
    sqs = list(state.squares)
    for key, value in squares.items():
        sqs[sq(key.replace("_", "-"))] = value
    return replace(state, squares=tuple(sqs))


def test_movement_example_r05() -> None:
    s = at_step(begin(), "movement", "II-4")
    s = hero(s, spd=3)
    s = on_map(
        s,
        III_3=Square(),  # unrevealed (the castle of begin() is moved off it)
        II_4=open_square(exits="NS"),
        II_3=open_square(exits="ES"),
        IV_3=open_square(exits="W"),
    )
    s = act(s, commands.move, "N")
    assert s.pos == sq("II-3")
    s = act(s, commands.move, "E")
    assert waits(s) == "roll roll:reveal"
    s = rolls(s, 6, 6)
    assert waits(s) == "choose choose:rotate"
    s = act(s, commands.place_road, 270)
    new = s.squares[sq("III-3")]
    assert (new.terrain, new.event, new.village) == ("village", "E08", 1)
    assert "W" in new.exits and "E" not in new.exits
    assert s.pos == sq("III-3")
    # the road to the left of IV-3 is now a dead end
    assert movement.can_move(replace(s, pos=sq("IV-3")), "W")
    # one point of Spd is left: the hero could go on
    assert movement.moves_left(s) == 1
    s = act(s, commands.stop)
    assert s.days[-1].final == "III-3"


def fresh(exits: str = "NESW", pos: str = "III-3") -> Tale:
    s = at_step(begin(), "movement", pos)
    return on_map(s, **{pos.replace("-", "_"): open_square("castle", exits=exits)})


@pytest.mark.parametrize(
    ("face", "shape", "exits"),
    [(1, "crossroads", "NESW"), (2, "crossroads", "NESW"), (3, "junction", "NEW"),
     (4, "junction", "NEW"), (5, "straight", "NS"), (6, "bend", "NE")],
)
def test_new_square_road_die_j02(face: int, shape: str, exits: str) -> None:
    s = act(fresh(), commands.move, "S")
    s = rolls(s, face, 1)
    options = play.pending(s).options
    joining = {island.rotate(exits, rot) for rot in (0, 90, 180, 270)
               if "N" in island.rotate(exits, rot)}
    # one choice per road drawn (a crossroads once, a straight road once here), all joining
    drawn = [island.rotate(exits, int(o)) for o in options]
    assert len(drawn) == len(set(drawn)) and set(drawn) == joining
    s = act(s, commands.place_road, int(options[0]))
    assert s.squares[sq("III-4")].road == shape


@pytest.mark.parametrize(
    ("face", "terrain"),
    [(1, "plains"), (2, "plains"), (3, "mountains"), (4, "forest"), (5, "swamp"),
     (6, "village")],
)
def test_new_square_terrain_die_j02(face: int, terrain: str) -> None:
    s = act(fresh(), commands.move, "E")
    s = rolls(s, 1, face)
    s = act(s, commands.place_road, 0)
    assert s.squares[sq("IV-3")].terrain == terrain


def test_rotation_that_does_not_join_is_refused() -> None:
    s = act(fresh(), commands.move, "E")
    s = rolls(s, 5, 1)  # straight N-S: must turn to E-W
    with pytest.raises(RuleError, match="R04"):
        commands.place_road(s, 0)
    s = act(s, commands.place_road, 90)
    assert s.squares[sq("IV-3")].exits == "EW"


def test_villages_alternate_e08_e15_and_stop_at_four() -> None:
    s = at_step(begin(), "movement", "I-1")
    s = on_map(s, I_1=open_square(exits="E"))
    s = hero(s, spd=6)
    events = []
    for _col in range(2, 7):
        s = act(s, commands.move, "E")
        s = rolls(s, 1, 6)
        s = act(s, commands.place_road, 0)
        here = s.squares[s.pos]
        events.append((here.terrain, here.event))
    assert events == [("village", "E08"), ("village", "E15"), ("village", "E08"),
                      ("village", "E15"), ("swamp", "")]
    assert s.villages == 4


def test_square_with_an_event_becomes_swamp() -> None:
    s = fresh()
    s = on_map(s, III_4=Square(event="E19"))
    s = act(s, commands.move, "S")
    s = rolls(s, 1, 6)
    s = act(s, commands.place_road, 0)
    assert (s.squares[sq("III-4")].terrain, s.squares[sq("III-4")].event) == ("swamp", "E19")


def test_dead_end_at_the_water() -> None:
    s = fresh(pos="I-1")
    with pytest.raises(RuleError, match="water"):
        commands.move(s, "N")
    with pytest.raises(RuleError, match="water"):
        commands.move(s, "W")


def test_no_road_that_way() -> None:
    s = fresh(exits="NS")
    with pytest.raises(RuleError, match="does not lead"):
        commands.move(s, "E")


def test_speed_limits_the_steps() -> None:
    s = fresh()
    s = on_map(s, III_4=open_square(), III_5=open_square(), III_6=open_square())
    s = act(s, commands.move, "S")
    s = act(s, commands.move, "S")
    with pytest.raises(RuleError, match="Spd"):
        commands.move(s, "S")


def test_throw_scroll_adds_speed_j03() -> None:
    s = hero(fresh(), scrolls=("Throw",))
    s = act(s, commands.use_scroll, "Throw")
    assert movement.speed(s) == 4


def test_tired_hero_loses_speed_e35() -> None:
    assert movement.speed(replace(fresh(), tired=True)) == 1


def test_terrible_weather_closes_a_terrain_e39() -> None:
    s = replace(fresh(), banned="forest")
    s = on_map(s, III_4=open_square("forest"))
    with pytest.raises(RuleError, match="E39"):
        commands.move(s, "S")


def test_magical_change_of_road_type_r06() -> None:
    s = hero(fresh(exits="N"), scrolls=("Dash", "Kaboom"))
    s = act(s, commands.use_scroll, "Kaboom", "road")
    assert s.squares[sq("III-3")].exits == "NESW"
    assert s.hero is not None and s.hero.scrolls == ("Dash",)
    assert movement.speed(s) == 2  # the scroll's own effect is ignored
    with pytest.raises(RuleError, match="R06"):
        commands.use_scroll(hero(s, scrolls=("Throw",)), "Throw", "road")


def test_reachable_squares_this_turn() -> None:
    s = fresh(exits="ES")
    s = on_map(s, IV_3=open_square(exits="W"), III_4=open_square(exits="NS"))
    got = movement.reachable(s)
    assert got == {sq("III-3"): 0, sq("IV-3"): 1, sq("III-4"): 1, sq("III-5"): 2}
    s = replace(s, moves=1)
    assert sq("III-5") not in movement.reachable(s)
    s = on_map(replace(s, moves=0, banned="forest"), III_4=open_square("forest", exits="NS"))
    assert sq("III-4") not in movement.reachable(s)


@pytest.mark.parametrize(("face", "count"), [(1, 1), (3, 3), (5, 1), (6, 2)])
def test_same_road_is_offered_once(face: int, count: int) -> None:
    s = act(fresh(), commands.move, "S")
    s = rolls(s, face, 1)
    options = play.pending(s).options
    assert len(options) == count
    if face == 1:
        assert options == ("0",)
        # a save that chose another rotation of the same road still replays
        s = act(s, commands.place_road, 180)
        assert s.squares[sq("III-4")].exits == "NESW"


def test_road_with_no_way_off_is_warned_after_a_teleport() -> None:
    s = at_step(begin(), "movement", "III-3")
    s = play.settle(movement.teleport(s, sq("I-1")))
    s = rolls(s, 6, 1)  # a bend: N-E unturned
    options = play.pending(s).options
    assert options == ("0", "90", "180", "270")  # no neighbour's road leads in
    top = s.top
    assert top is not None
    shut = [o for o in options if movement.walled_in(s, top.n, movement.rotated(s, top, int(o)))]
    assert shut == ["270"]  # N-W: both arms into the water
    text = prompts.prompt(s)
    assert "joins yours" not in text and "no way off" in text and "R04" in text
    # R04 allows it: the choice is warned about, not refused
    s = act(s, commands.place_road, 270)
    assert s.squares[sq("I-1")].exits == "NW"


def test_no_warning_when_every_road_has_a_way_off() -> None:
    s = act(fresh(), commands.move, "S")
    s = rolls(s, 6, 1)
    assert "no way off" not in prompts.prompt(s)
