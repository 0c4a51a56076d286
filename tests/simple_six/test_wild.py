"""The wild-die roll and its modifiers ("Dice Basics", "The Wild Die", "Rolling Limit",
"Hero Points", "Multiple Actions", "Halfway There", "General (non-combat) Challenges")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError, RuleError
from d6tui.games.simple_six.codes import DieCode, parse_code
from d6tui.games.simple_six.difficulty import (
    DIFFICULTIES,
    difficulty_of,
    difficulty_tn,
    level_reached,
)
from d6tui.games.simple_six.typed_dice import check_chain, parse_typed_wild
from d6tui.games.simple_six.wild import (
    RollRequest,
    add_character_points,
    check_wild_roll,
    describe_roll,
    halfway_there,
    plan_roll,
    roll_wild,
    roll_wild_notation,
    table_wild,
)
from d6tui.games.simple_six.wild_options import WildOptions


def req(code: str, **kw: object) -> RollRequest:
    return RollRequest(parse_code(code), **kw)  # type: ignore[arg-type]


# -- the roll itself -------------------------------------------------------------------------


def test_log_ready_shape() -> None:
    r = roll_wild_notation("4D+2", Dice(7))
    assert r["dice"] == "4D+2"
    assert r["source"] == "app"
    assert len(r["faces"]) == 3
    assert all(1 <= f <= 6 for f in r["faces"])
    assert r["wild"][-1] != 6 and all(f == 6 for f in r["wild"][:-1])
    assert r["total"] == sum(r["faces"]) + sum(r["wild"]) + 2
    assert None not in r.values()
    assert check_wild_roll(r) == r["total"]


def test_same_seed_same_roll() -> None:
    assert roll_wild_notation("5D", Dice(3)) == roll_wild_notation("5D", Dice(3))


def test_app_roll_with_modifiers() -> None:
    r = roll_wild(req("5D+1", actions=2, target=12, label="Sword"), Dice(9),
                  {"character_point_dice": False})
    assert r["rolled"] == "4D+1" and len(r["faces"]) == 3 and r["label"] == "Sword"
    assert r["margin"] == r["total"] - 12


def test_wild_die_explodes_repeatedly() -> None:
    r = table_wild("2D", [4], [6, 6, 3])
    assert r["total"] == 4 + 6 + 6 + 3
    assert r["source"] == "table"


def test_one_die_roll_is_only_the_wild_die() -> None:
    r = table_wild("1D+1", [], [5])
    assert r["faces"] == [] and r["total"] == 6


@pytest.mark.parametrize("rule", ["counts", "drops", "complication"])
def test_a_one_on_the_wild_die(rule: str) -> None:
    r = table_wild("4D", [5, 2, 6], [1], options={"wild_one": rule})
    if rule == "counts":
        assert r["total"] == 14 and "dropped" not in r and "complication" not in r
    elif rule == "drops":
        # the wild 1 and the highest other die (the 6) leave the total
        assert r["dropped"] == [1, 6] and r["total"] == 7
    else:
        assert r["complication"] is True and r["total"] == 14


def test_a_one_after_a_six_is_not_a_wild_one() -> None:
    r = table_wild("2D", [3], [6, 1], options={"wild_one": "drops"})
    assert "dropped" not in r and r["total"] == 10


def test_drop_on_a_lone_wild_die() -> None:
    r = table_wild("1D+2", [], [1], options={"wild_one": "drops"})
    assert r["dropped"] == [1] and r["total"] == 2


# -- modifiers --------------------------------------------------------------------------------


def test_rolling_limit_srd_example() -> None:
    # "Rolling Limit": 7D+1 under a 5-dice limit rolls 5 dice and adds 7.
    plan = plan_roll(req("7D+1"), WildOptions(rolling_limit=5))
    assert (plan.dice, plan.pips) == (5, 7)
    assert plan.rolled == "5D+7"
    r = table_wild(req("7D+1"), [1, 2, 3, 4], [5], options={"rolling_limit": 5})
    assert r["rolled"] == "5D+7" and r["total"] == 15 + 7
    assert any("Rolling Limit" in m for m in r["modifiers"])


def test_rolling_limit_leaves_small_rolls_alone() -> None:
    assert plan_roll(req("4D+1"), WildOptions(rolling_limit=5)).rolled == "4D+1"


def test_multiple_actions_cost_a_die_each() -> None:
    assert plan_roll(req("4D+2", actions=2)).rolled == "3D+2"
    assert plan_roll(req("4D+2", actions=3)).rolled == "2D+2"
    with pytest.raises(RuleError, match="Multiple Actions"):
        plan_roll(req("4D", actions=0))


def test_wound_penalty_and_other_modifiers() -> None:
    plan = plan_roll(req("4D+2", wound_dice=2, modifier=parse_code("+1D")))
    assert plan.rolled == "3D+2"
    assert len(plan.modifiers) == 2


def test_penalties_that_leave_no_die() -> None:
    with pytest.raises(RuleError, match="at least one die"):
        plan_roll(req("2D+2", actions=2, wound_dice=1))


def test_static_hero_points() -> None:
    r = table_wild(req("3D", hero_points=2), [2, 2], [2])
    assert r["hero"] == 12 and r["total"] == 18
    with pytest.raises(RuleError, match="at most 3"):
        plan_roll(req("3D", hero_points=4))


def test_traditional_hero_point_doubles_the_srd_spy() -> None:
    # "Traditional OpenD6 Hero Points": 4D+1 Security doubled to 8D+2.
    plan = plan_roll(req("4D+1", hero_points=1), {"hero_points": "traditional"})
    assert plan.doubled and plan.rolled == "8D+2"
    with pytest.raises(RuleError, match="Traditional OpenD6 Hero Points"):
        plan_roll(req("4D+1", hero_points=2), {"hero_points": "traditional"})


def test_character_points_add_wild_dice() -> None:
    opts = {"character_point_dice": True}
    with pytest.raises(RuleError, match="does not use"):
        plan_roll(req("3D", character_points=1))
    r = table_wild(req("3D", character_points=2), [1, 1], [2], [[6, 2], [4]], opts)
    assert r["cp_wild"] == [[6, 2], [4]] and r["total"] == 4 + 8 + 4
    with pytest.raises(RuleError, match="hero point"):
        plan_roll(req("3D", character_points=1, hero_points=1), opts)
    with pytest.raises(RuleError, match="at most 1"):
        plan_roll(req("3D", character_points=2), {**opts, "cp_limit": 1})


def test_character_points_spent_after_the_roll() -> None:
    opts = {"character_point_dice": True, "cp_limit": 2}
    r = table_wild("3D", [1, 1], [2])
    r2 = add_character_points(r, 1, opts, chains=[[6, 5]])
    assert r2["total"] == r["total"] + 11 and "cp_wild" not in r
    r3 = add_character_points(r2, 1, opts, dice=Dice(1))
    assert len(r3["cp_wild"]) == 2
    with pytest.raises(RuleError, match="at most 2"):
        add_character_points(r3, 1, opts, dice=Dice(1))
    hero = table_wild(req("3D", hero_points=1), [1, 1], [2])
    with pytest.raises(RuleError):
        add_character_points(hero, 1, opts, dice=Dice(1))
    with pytest.raises(DiceError):
        add_character_points(r, 1, opts, chains=[[6]])
    with pytest.raises(DiceError):
        add_character_points(r, 1, opts)


# -- typed faces ------------------------------------------------------------------------------


def test_typed_faces_are_checked() -> None:
    with pytest.raises(DiceError, match="type 3 ordinary dice"):
        table_wild("4D", [1, 2], [3])
    with pytest.raises(DiceError, match="1 to 6"):
        table_wild("2D", [7], [3])
    with pytest.raises(DiceError, match="1 to 6"):
        table_wild("2D", [2], [0])
    with pytest.raises(DiceError, match="rolled again"):
        table_wild("2D", [2], [6])
    with pytest.raises(DiceError, match="only after a 6"):
        check_chain([3, 4])
    with pytest.raises(DiceError, match="type the face"):
        check_chain([])
    with pytest.raises(DiceError, match="character points"):
        table_wild(req("2D", character_points=1), [2], [3], [], {"character_point_dice": True})


@pytest.mark.parametrize(
    ("text", "dice", "expected"),
    [
        ("3 5 2 w 6 4", 4, ([3, 5, 2], [6, 4], [])),
        ("3 5 2 6 4", 4, ([3, 5, 2], [6, 4], [])),
        ("35264", 4, ([3, 5, 2], [6, 4], [])),
        ("3,5 / 2", 3, ([3, 5], [2], [])),
        ("1 2 | 3 | 6 1", 3, ([1, 2], [3], [[6, 1]])),
        ("1 2 3 6 1 4", 3, ([1, 2], [3], [[6, 1], [4]])),
    ],
)
def test_parse_typed_wild(text: str, dice: int, expected: tuple) -> None:
    assert parse_typed_wild(text, dice) == expected


def test_parse_typed_wild_errors() -> None:
    with pytest.raises(DiceError, match="type 4 dice"):
        parse_typed_wild("1 2", 4)
    with pytest.raises(DiceError, match="rolled again"):
        parse_typed_wild("1 2 6", 3)
    with pytest.raises(DiceError, match="not dice faces"):
        parse_typed_wild("a b", 2)


def test_stored_roll_check() -> None:
    r = table_wild("3D+1", [2, 3], [6, 1])
    assert check_wild_roll(r) == 13
    with pytest.raises(DiceError, match="stored total"):
        check_wild_roll({**r, "total": 99})
    with pytest.raises(DiceError, match="faces were stored"):
        check_wild_roll({**r, "faces": [2]})
    with pytest.raises(DiceError):
        check_wild_roll({"faces": [1]})


# -- target numbers ---------------------------------------------------------------------------


def test_difficulty_table_every_row() -> None:
    assert [d[0] for d in DIFFICULTIES] == [
        "Very Easy", "Easy", "Moderate", "Difficult", "Very Difficult", "Heroic"
    ]
    for name, low, high in DIFFICULTIES:
        assert difficulty_of(low) == name
        if high is not None:
            assert difficulty_of(high) == name
            assert difficulty_tn(name) == high
    assert difficulty_tn("heroic") == 31
    assert difficulty_tn("Moderate") == 15
    assert difficulty_of(40) == "Heroic"
    with pytest.raises(RuleError, match="no difficulty"):
        difficulty_tn("Impossible")


def test_level_reached() -> None:
    assert level_reached(1) is None
    assert level_reached(2) == "Very Easy"
    assert level_reached(12) == "Moderate"
    assert level_reached(31) == "Heroic"


def test_margin_against_a_target() -> None:
    r = table_wild(req("3D", target=15), [5, 5], [3])
    assert (r["margin"], r["success"], r["difficulty"]) == (-2, False, "Moderate")
    r = table_wild(req("3D", target=13), [5, 5], [3])
    assert (r["margin"], r["success"]) == (0, True)
    assert "success by 0" in describe_roll(r)


def test_halfway_there() -> None:
    assert halfway_there(parse_code("5D"), 10)
    assert halfway_there(parse_code("6D"), 10)
    assert not halfway_there(parse_code("4D+2"), 10)
    r = table_wild(req("5D", target=10), [1, 1, 1, 1], [1], options={"halfway_there": True})
    assert r["halfway"] and r["success"] and r["total"] == 5
    r = table_wild(req("5D", target=10), [1, 1, 1, 1], [1])
    assert "halfway" not in r and not r["success"]


def test_bad_options() -> None:
    for bad in ({"wild_one": "explodes"}, {"hero_points": "x"}, {"rolling_limit": 0},
                {"cp_limit": -1}):
        with pytest.raises(RuleError):
            WildOptions.from_mapping(bad)


def test_notation_needs_dice() -> None:
    with pytest.raises(DiceError, match="no dice"):
        roll_wild_notation("0D+2", Dice(1))
    with pytest.raises(DiceError):
        roll_wild_notation("3d6", Dice(1))


def test_describe() -> None:
    r = table_wild(req("7D+1", hero_points=1), [1, 2, 3, 4], [1],
                   options={"rolling_limit": 5, "wild_one": "complication"})
    text = describe_roll(r)
    assert "rolled 5D+7" in text and "+6 hero" in text and "complication" in text


# -- statistics -------------------------------------------------------------------------------

#: Mean of one exploding wild die: E = 3.5 + E/6, so E = 21/5.
WILD_MEAN = 21 / 5
#: Its second moment: M = 55/6 + (36 + 12 E + M)/6, so M = 141.4/5; variance M - E**2.
WILD_VAR = 141.4 / 5 - WILD_MEAN**2
NORMAL_VAR = 35 / 12


def test_mean_matches_the_exploding_expectation() -> None:
    n = 20_000
    dice = Dice(2026)
    totals = [roll_wild_notation("4D", dice)["total"] for _ in range(n)]
    mean = sum(totals) / n
    expected = 3 * 3.5 + WILD_MEAN  # 14.7
    sd_of_mean = ((3 * NORMAL_VAR + WILD_VAR) / n) ** 0.5  # about 0.031
    # Four standard errors: a fair roller fails this about once in 16,000 seeds.
    assert abs(mean - expected) < 4 * sd_of_mean


def test_mean_of_a_lone_wild_die_with_drops() -> None:
    # With "drops", a wild 1 on a 1D roll leaves 0: E = 4.2 - 1/6.
    n = 20_000
    dice = Dice(6)
    totals = [roll_wild_notation("1D", dice, {"wild_one": "drops"})["total"] for _ in range(n)]
    mean = sum(totals) / n
    expected = WILD_MEAN - 1 / 6
    assert abs(mean - expected) < 4 * (WILD_VAR / n) ** 0.5


@given(
    st.lists(st.integers(1, 6), min_size=0, max_size=8),
    st.lists(st.just(6), max_size=4),
    st.integers(1, 5),
    st.sampled_from(["counts", "drops", "complication"]),
)
def test_typed_roll_total_is_its_faces(
    faces: list[int], sixes: list[int], last: int, rule: str
) -> None:
    code = DieCode.of(len(faces) + 1, 1)
    r = table_wild(code, faces, sixes + [last], options={"wild_one": rule})
    expected = sum(faces) + sum(sixes) + last + 1
    if rule == "drops" and not sixes and last == 1:
        expected -= 1 + (max(faces) if faces else 0)
    assert r["total"] == expected
    assert check_wild_roll(r) == expected
