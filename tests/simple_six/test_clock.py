"""The campaign's one clock (:mod:`d6tui.games.simple_six.clock`): spans typed in natural
units, and every rule that waits on time run by one "time passes" event ("Order of Actions in
a Round": a round is ten seconds; "Healing"; "Wound Level Effects"; "Casting Spells"; "The
Grimoire")."""

from __future__ import annotations

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import clock
from d6tui.games.simple_six import spellcast as sc
from d6tui.games.simple_six.rules import describe
from d6tui.games.simple_six.wounds import WoundLevel
from tests.simple_six.test_combat_audit import ORC, D, fight, new, replays, sixes
from tests.simple_six.test_spell_effects import hi, magi


@pytest.mark.parametrize(("text", "rounds"), [
    ("3 days", 3 * 8640), ("2 h", 720), ("10 rounds", 10), ("1 day 6 h", 8640 + 2160),
    ("90 min", 540), ("1 week", 60480), ("2h 30m", 900), ("1 round", 1), ("4 d", 4 * 8640),
])
def test_a_span_reads_in_natural_units(text: str, rounds: int) -> None:
    assert clock.parse_span(text) == rounds


@pytest.mark.parametrize(("text", "says"), [
    ("", "nothing typed"), ("3", "'3' needs a unit"), ("3 dayz", "'dayz' is not a unit"),
    ("0 h", "no time at all"), ("soon", "does not read as a time"),
    ("2 years", "'years' is not a unit"), ("400 days", "at most a year"),
])
def test_a_span_that_does_not_read_gets_one_clear_line(text: str, says: str) -> None:
    with pytest.raises(RuleError, match=says) as e:
        clock.parse_span(text)
    assert "\n" not in str(e.value)


def test_spans_are_spelled_out() -> None:
    assert clock.span_words(6 * 60 * 6) == "6 hours"
    assert clock.span_words(3 * 8640) == "3 days"
    assert clock.span_words(8640 + 900 + 2) == "1 day 2 hours 30 minutes 2 rounds"
    assert clock.span_words(60480 * 2) == "2 weeks"


def _mortal(s) -> None:  # type: ignore[no-untyped-def]
    """Ana Mortally Wounded by the Orc, the fight over."""
    s.do(c.add_character, D("Ana"))
    s.do(c.add_character, ORC)
    fight(s, "orc", "ana")
    s.do(c.attack, "orc", "ana", skill="Axe", weapon="Axe",
         typed={"attack": ([6] * 5, [6, 3]), "damage": ([3] * 6, [4])})
    assert s.state.member("ana").wounds.level == WoundLevel.MORTALLY_WOUNDED
    s.do(c.end_combat)


def test_an_hour_settles_the_mortally_wounded_in_one_step() -> None:
    """"Wound Level Effects": a Might roll each round, death when it falls below the minutes
    at that level; an hour is one event, not 360 wound rolls."""
    s = new()
    _mortal(s)
    ev = s.do(clock.pass_time, "1 h", dice=s.dice)
    checks = ev["checks"]
    assert checks and all(x["kind"] == "mortal" for x in checks)
    # each roll is against the whole minutes so far; the first below its TN is the last
    assert [x["tn"] for x in checks] == [1 + (x["at"] - 6) // 6 for x in checks]
    assert all(x["roll"]["total"] >= x["tn"] for x in checks[:-1])
    assert checks[-1]["roll"]["total"] < checks[-1]["tn"]
    assert s.state.member("ana").wounds.dead
    assert "Ana died: Might" in describe(ev, {"ana": "Ana", "orc": "Orc"})
    replays(s)
    s.undo()
    assert s.state.member("ana").wounds.level == WoundLevel.MORTALLY_WOUNDED


def test_the_first_minute_cannot_kill_and_needs_no_roll() -> None:
    s = new()
    _mortal(s)
    before = clock.now_rounds(s.state)  # the fight's round is on the clock already
    ev = s.do(clock.pass_time, "5 rounds")
    assert "checks" not in ev and ev["minutes"] == 0 and ev["rounds"] == 5
    assert s.state.member("ana").wounds.mortal_rounds == 5
    assert clock.now_rounds(s.state) == before + 5
    assert (s.state.minutes, s.state.clock_rounds) == divmod(before + 5, 6)
    replays(s)


def test_rest_heals_by_the_table_and_bless_is_long_over_by_the_check() -> None:
    """"Healing": a Wounded character rests three days, then rolls Might against 6. Bless
    lasts an hour ("The Grimoire"), so the roll made after three days has no +2."""
    s = magi()
    s.do(c.start_combat, ["orc", "mira"])
    sixes(s, c.attack, "orc", "mira", key="damage", face=2, wild=(3,), skill="Axe",
          weapon="Axe", typed={"attack": hi(4)})
    s.do(c.end_combat)
    level = s.state.member("mira").wounds.level
    assert level in (WoundLevel.WOUNDED, WoundLevel.SEVERELY_WOUNDED)
    s.do(sc.cast, "archmage", "Bless", targets=["mira"], typed={"roll": hi(10)})
    ev = s.do(clock.pass_time, "2 days", rest=True, dice=Dice(5))
    assert "checks" not in ev  # three days between checks at this level
    assert ev["ended"] == [{"who": "mira", "spell": "Bless"}]
    assert "Bless ended on Mira" in describe(ev, {"mira": "Mira"})
    ev = s.do(clock.pass_time, "1 day", rest=True, dice=Dice(5))
    check = ev["checks"][0]
    assert check["who"] == "mira" and check["tn"] == 6 and check["at"] == 8640
    assert "bonuses" not in check["roll"] or check["roll"]["bonuses"] == []
    healed = check["roll"]["total"] >= 6
    assert (s.state.member("mira").wounds.level < level) == healed
    replays(s)


def test_a_stun_heals_after_a_minute_of_rest_and_the_clock_runs_level_by_level() -> None:
    s = new()
    s.do(c.add_character, D("Ana"))
    s.do(c.add_character, ORC)
    fight(s, "orc", "ana")
    s.do(c.attack, "orc", "ana", skill="Axe", weapon="Axe",
         typed={"attack": ([6] * 5, [6, 3]), "damage": ([1] * 6, [4])})
    assert s.state.member("ana").wounds.level == WoundLevel.STUNNED
    s.do(c.end_combat)
    ev = s.do(clock.pass_time, "30 rounds")  # not at rest: no healing
    assert s.state.member("ana").wounds.level == WoundLevel.STUNNED and "checks" not in ev
    ev = s.do(clock.pass_time, "1 min", rest=True)
    assert s.state.member("ana").wounds.level == WoundLevel.UNHARMED
    assert "Ana is no longer Stunned" in describe(ev, {"ana": "Ana"})
    replays(s)


def test_an_hour_of_rest_clears_the_failed_cast_penalty_and_less_does_not() -> None:
    s = magi()
    s.do(sc.cast, "archmage", "Bless", targets=["mira"], typed={"roll": ([1] * 9, [2])})
    assert s.state.member("archmage").caster.failures == 1
    s.do(clock.pass_time, "59 min", rest=True)
    assert s.state.member("archmage").caster.failures == 1
    s.do(clock.pass_time, "1 hour", rest=True)
    assert s.state.member("archmage").caster.failures == 0


def test_a_fights_rounds_go_on_the_clock() -> None:
    s = new()
    s.do(c.add_character, D("Ana"))
    s.do(c.add_character, ORC)
    fight(s, "orc", "ana")
    for _ in range(6):
        s.do(c.start_round, dice=s.dice)
    rounds = s.state.combat.round
    s.do(c.end_combat)
    assert s.state.minutes * 6 + s.state.clock_rounds == rounds
    replays(s)


def test_no_time_passes_in_a_fight() -> None:
    s = new()
    s.do(c.add_character, D("Ana"))
    s.do(c.add_character, ORC)
    fight(s, "orc", "ana")
    with pytest.raises(RuleError, match="in a fight rounds pass"):
        s.do(clock.pass_time, "1 h")


def test_assisted_healing_is_once_a_day_by_the_clock() -> None:
    """"Healing": a Medicine check once per day for each patient; the day is the clock's."""
    s = new()
    s.do(c.add_character, D("Ana", skills={"Medicine": "2D"}))
    s.do(c.add_character, D("Bo"))
    s.do(c.add_character, ORC)
    fight(s, "orc", "bo")
    s.do(c.attack, "orc", "bo", skill="Axe", weapon="Axe",
         typed={"attack": ([6] * 5, [6, 3]), "damage": ([2] * 6, [3])})
    s.do(c.end_combat)
    assert s.state.member("bo").wounds.level >= WoundLevel.WOUNDED
    s.do(c.heal, "bo", "assisted", healer="ana", typed=([1] * 4, [2]))  # a failure
    with pytest.raises(RuleError, match="once a day"):
        s.do(c.heal, "bo", "assisted", healer="ana", dice=s.dice)
    s.do(clock.pass_time, "23 h")
    with pytest.raises(RuleError, match="once a day"):
        s.do(c.heal, "bo", "assisted", healer="ana", dice=s.dice)
    s.do(clock.pass_time, "1 h")
    ev = s.do(c.heal, "bo", "assisted", healer="ana", dice=s.dice)
    assert ev["minutes"] >= 24 * 60
    replays(s)


def test_time_is_a_move_between_fights() -> None:
    """``d6tui play FILE time``: the clock as one of the GM's moves."""
    from d6tui.engine.game import find_move

    s = new()
    _mortal(s)
    move = find_move(s.moves(), "time")
    ev = s.play(move, {"span": "1 h", "rest": "yes"}, {})
    assert ev["type"] == "time_passed" and ev["minutes"] == 60 and ev["rest"]
    assert s.state.member("ana").wounds.dead
    s.do(c.add_character, D("Bea"))
    s.do(c.start_combat, ["orc", "bea"])
    assert not [m for m in s.moves() if m.id == "time"]  # rounds pass in a fight


def test_a_roll_the_time_brings_has_the_spells_of_its_moment() -> None:
    """Bless (+2 to all rolls, an hour, "The Grimoire") counts on the Mortally Wounded's
    rolls made within its hour, and is gone from the effects after it."""
    s = magi()
    s.do(c.start_combat, ["orc", "mira"])
    sixes(s, c.attack, "orc", "mira", key="damage", face=4, wild=(2,), skill="Axe",
          weapon="Axe", typed={"attack": hi(4)})
    s.do(c.end_combat)
    assert s.state.member("mira").wounds.level == WoundLevel.MORTALLY_WOUNDED
    s.do(sc.cast, "archmage", "Bless", targets=["mira"], typed={"roll": hi(10)})
    ev = s.do(clock.pass_time, "2 h", dice=Dice(1))
    assert ev["checks"] and all(x["at"] < 360 for x in ev["checks"])
    assert all(x["roll"]["bonuses"] == [{"from": "Bless", "add": 2}] for x in ev["checks"])
    bless = s.state.member("mira").effects  # gone after the two hours
    assert not bless
    start = clock.now_rounds(s.state) - 720
    cast = [e for e in s.events if e["type"] == "spell_cast"][-1]
    assert cast["spell"] == "Bless"
    replays(s)
    s.undo()
    effects = s.state.member("mira").effects
    now = clock.now_rounds(s.state)
    assert [e.spell for e in clock.effects_at(effects, now, 359)] == ["Bless"]
    assert clock.effects_at(effects, now, 360) == ()
    assert start == now


def test_body_points_heal_a_check_each_full_day_of_rest() -> None:
    """"Body Points (alternative to Wound Levels)": a Might check after a full day of rest;
    its level of success gives back points (Very Easy 2, then dice)."""
    s = new({"wounds": "body_points"})
    s.do(c.add_character, D("Ana"), dice=s.dice)
    s.do(c.add_character, ORC, dice=s.dice)
    fight(s, "orc", "ana")
    s.do(c.attack, "orc", "ana", skill="Axe", weapon="Axe",
         typed={"attack": ([6] * 5, [6, 3]), "damage": ([4] * 6, [4])})
    s.do(c.end_combat)
    hurt = s.state.member("ana").body
    assert hurt is not None and hurt.current < hurt.maximum
    ev = s.do(clock.pass_time, "23 h", rest=True, dice=s.dice)
    assert "checks" not in ev and s.state.member("ana").body.current == hurt.current
    ev = s.do(clock.pass_time, "2 days", rest=True, dice=s.dice)
    checks = [x for x in ev["checks"] if x["who"] == "ana"]
    assert [x["at"] for x in checks][:1] == [360]  # the day is whole an hour in
    got = sum(sum(x["recovered"]["faces"]) if "recovered" in x else
              (2 if x["roll"]["total"] >= 2 else 0) for x in checks)
    ana = s.state.member("ana").body
    assert ana.current == min(ana.maximum, hurt.current + got)
    assert "Ana rested a day: Might" in describe(ev, {"ana": "Ana", "orc": "Orc"})
    replays(s)


def test_the_clocks_checks_of_a_side_at_the_table_are_typed_in_order() -> None:
    """With table dice on for Ana's side, her Might rolls against death come from the table
    in the order due; any not typed yet are the app's, so a caller learns the next one."""
    s = new()
    _mortal(s)
    dry = clock.pass_time(s.state, "10 min", dice=s.dice, typed_for=["ana"])
    s.dice.rewind()
    first = dry["checks"][0]["roll"]
    n, w = len(first["faces"]), len(first["wild"])
    ev = s.do(clock.pass_time, "10 min", dice=s.dice, typed_for=["ana"],
              typed=[([6] * n, [5] * w), ([5] * n, [4] * w)])
    rolls = [x["roll"] for x in ev["checks"]]
    assert [r["source"] for r in rolls[:2]] == ["table", "table"]
    assert rolls[0]["faces"] == [6] * n and rolls[1]["faces"] == [5] * n
    assert all(r["source"] == "app" for r in rolls[2:])
    replays(s)
