"""Snapshots of the Simple Six screen: the character sheet between sessions, and the GM's
tracker mid-round with wounds, at 80x24 and 120x40 (seeded dice, fixed clock, no cursor blink;
see conftest.py). Update with ``pytest tests/ui --snapshot-update`` and look at every SVG."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from d6tui.engine.dice import Dice
from d6tui.games.simple_six import campaign
from tests.ui.helpers import make_app, settle
from tests.ui.test_simple_six_flows import new_campaign

SIZES = [(80, 24), (120, 40)]


async def _settled(pilot: Pilot) -> None:
    await settle(pilot)


def _sheet_app(saves: Path):  # noqa: ANN202
    session = new_campaign(saves, seed=11)
    return make_app(saves, session=session)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_simple_six_sheet(snap_compare, saves: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    # j picks Mira: perks, complications, spells, a knife
    assert snap_compare(_sheet_app(saves), press=["j"], terminal_size=size,
                        run_before=_settled)


def _mid_round(saves: Path):  # noqa: ANN202
    # one stream of dice, as the scene was first recorded: Mira and Tam act, Baelen is next
    s = new_campaign(saves, seed=11, dice=Dice(11))
    s.do(campaign.start_session)
    s.do(campaign.start_combat, [m.id for m in s.state.members])
    s.do(campaign.start_round, {"sir-baelen": 2}, dice=s.dice)
    # the first two combatants act with the seeded dice; the third is the one acting now
    for _ in range(2):
        actor = s.state.combat.actor
        me = s.state.member(actor)
        foes = [m for m in s.state.members if m.sheet.npc != me.sheet.npc]
        weapon = me.sheet.weapons[0] if me.sheet.weapons else None
        from d6tui.games.simple_six.attack_options import attack_skill

        s.do(campaign.attack, actor, foes[0].id, skill=attack_skill(me.sheet, weapon, s.state),
             weapon=weapon, range_="short" if weapon in ("Bow",) else None,
             dice=s.dice)
        s.do(campaign.pass_turn)
    return make_app(saves, session=s)


#: The tracker also at 160x45: whole names, the defense columns and the log beside it.
TRACKER_SIZES = [*SIZES, (160, 45)]


@pytest.mark.parametrize("size", TRACKER_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_simple_six_tracker(snap_compare, saves: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    assert snap_compare(_mid_round(saves), terminal_size=size, run_before=_settled)


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_simple_six_attack_box(snap_compare, saves: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    # the acting combatant's attack box, the first foe picked: his defenses with their TNs
    app = _mid_round(saves)

    async def first_foe(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("a")
        await pilot.pause()
        box = pilot.app.screen
        actor = pilot.app.screen_stack[-2].campaign.member(box.attacker)
        foe = next(t for t in box.targets if not t.dead
                   and box.campaign.member(t.id).sheet.npc != actor.sheet.npc)
        await pilot.press(*foe.tag)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=first_foe)
