"""The log's lines (``describe(event, state_before)``, the log view and the Markdown
export) say what changed a total: the weapon and its die, the card, skill or potion, the
stealth roll and its target, the bounties handed in at the Village and their glory, in the
game's words, never a raw id, and never a card still in someone's hand."""

from __future__ import annotations

import random
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.game import find_move
from d6tui.games.d6_board.bot import choose
from d6tui.games.d6_board.describe import describe
from d6tui.games.d6_board.fold import fold
from d6tui.games.d6_board.moves import moves, seat_to_move
from tests.d6_board.helpers import begun, new_session, put, set_up


def said(state, mid: str, rolls: dict[str, int] | None = None, **answers: Any):  # noqa: ANN001, ANN201
    """Make ``mid`` with these faces: its log line and the state after."""
    m = find_move(moves(state, seat_to_move(state)), mid)
    dice = Dice(0)
    got = {r.name: {"dice": f"1d{r.die.sides}", "faces": [(rolls or {})[r.name]],
                    "source": "table"} for r in m.dice}
    event = m.run(state, dice, **answers, **got)
    return describe(event, state), fold(state, event)


def _fight(kind: str = "orc", **hero: Any):  # noqa: ANN202
    state = begun(set_up(), "5", **{"stats": (4, 4, 4, 4), "hand": (), **hero})
    state, tok = put(state, kind, "5")
    _, state = said(state, f"fight:{tok}")
    return state


def test_the_weapon_and_its_die_and_the_enemys_die_are_named() -> None:
    """Steps 4-5: "Short Sword (d8)", the enemy's die and face."""
    sword = next(c for c, v in set_up().content["advantage"].items()
                 if v["name"] == "Short Sword")
    state = _fight(hand=(sword,))
    text, state = said(state, f"attack:{sword}", {"hero1": 4, "enemy": 4})
    assert "Short Sword (d8)" in text and "rolled 4 against the Orc's d" in text
    assert text.endswith("4 to 4")


def test_whetstone_dogmud_and_cleave_say_what_changed_the_total() -> None:
    """Step 6: the buff's card and value, Dogmud's price and the die rerolled."""
    state = _fight(hand=("A35",), gold=4, klass="slayer", stats=(4, 4, 4, 5))
    _, state = said(state, "attack:natural", {"hero1": 1, "enemy": 6})
    text, state = said(state, "buff:A35")
    assert text.startswith("Ann: played Whetstone (+1): now 2 to")
    text, state = said(state, "dogmud:0", {"roll": 5})
    assert "Dogmud (2 gold): die 1 (d6) rerolled from 1 to 5: now 6 to" in text
    text, _ = said(state, "skill:cleave")
    assert "used Cleave (+2): now 8 to" in text


def test_a_passed_stealth_check_is_logged_with_its_target() -> None:
    """"On Stealth": roll under the stealth stat, a tie fails; passed or failed, the log
    says the roll and the stat."""
    state = begun(set_up(), "5", stats=(4, 4, 4, 4))
    state, _ = put(state, "orc", "5")
    text, _ = said(state, "hunt", {"stealth": 2})
    assert "stealth check 2 under stealth 4: passed" in text and "the hunt drew" in text
    text, _ = said(state, "hunt", {"stealth": 4})
    assert "stealth check 4 not under stealth 4: failed" in text


def test_the_village_hand_in_names_the_bounties_and_glory() -> None:
    """"The Village": the pack is emptied for glory."""
    state = set_up()
    space = next(s for s in state.spaces() if "V" in state.links(s))
    bounties = tuple(sorted(state.piles["bounty"])[:2])
    glory = sum(int(state.card(b)["glory"]) for b in bounties)
    state = begun(state, space, backpack=bounties)
    text, after = said(state, "move:V")
    assert f"moved to the Village: handed in 2 bounties for {glory} glory" in text
    assert after.heroes[0].backpack == ()


def test_a_refresh_names_the_skill_not_its_id() -> None:
    state = begun(set_up(), "V", gold=3, used=("hero_swap",))
    text, _ = said(state, "refresh")
    assert "refreshed Hero Swap (1 gold)" in text and "hero_swap" not in text


def test_no_line_names_a_card_still_in_a_hand() -> None:
    """Hidden cards stay hidden (view(state, seat)): over a bot season, a line names an
    Advantage or Heroic Quest card only as it leaves a hand (played or spent)."""
    s = new_session(4)
    rng = random.Random(4)
    names: set[str] = set()
    checked = 0
    while not s.state.over and checked < 600:
        before = s.state
        seat = seat_to_move(before)
        m, a = choose(before, seat, [x for x in s.moves(seat) if x.id not in ("undo", "redo")],
                      rng)
        event = s.play(m, a)
        after = s.state
        text = describe(event, before)
        names = names or {v["name"] for deck in ("advantage", "heroic_quest")
                          for v in after.content[deck].values()}
        left = {after.card(c)["name"] for h, h2 in zip(before.heroes, after.heroes, strict=True)
                for c in h.hand if c not in h2.hand and c[:1] in "AQ"}
        held = {after.card(c)["name"] for h in after.heroes for c in h.hand if c[:1] in "AQ"}
        for name in names & held - left:
            assert f" {name}" not in text, (text, name)
        checked += 1
    assert checked > 100 and names


def test_the_markdown_export_uses_the_same_lines() -> None:
    from d6tui.games.d6_board.export import export_markdown

    s = new_session(5)
    rng = random.Random(5)
    for _ in range(250):
        if s.state.over:
            break
        seat = seat_to_move(s.state)
        m, a = choose(s.state, seat, [x for x in s.moves(seat) if x.id not in ("undo", "redo")],
                      rng)
        s.play(m, a)
    text = export_markdown(s)
    lines = [s.text_of(i) for i in range(len(s.events))]
    fights = [t for t in lines if "attacked with" in t]
    assert fights and all(t in text for t in fights)
