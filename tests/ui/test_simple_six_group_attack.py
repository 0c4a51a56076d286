"""A group attack is all or nothing: a member who may not make the attack refuses the whole
group before any event is written, so no one's turn has moved."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign, fight_roster
from d6tui.games.simple_six.effects import Effect
from d6tui.games.simple_six.group_attack import check_group_attack
from d6tui.ui.simple_six.attack_box import AttackBox
from d6tui.ui.simple_six.screen import SimpleSixScreen
from tests.ui.helpers import make_app, settle, sync
from tests.ui.test_simple_six_flows import new_campaign
from tests.ui.test_simple_six_tracker import FIVE, _to_act, _until


def _entranced(state, who: str):  # noqa: ANN001, ANN202
    """``state`` with ``who``'s senses away (Clairvoyance: no physical action)."""
    m = state.member(who)
    return state._put(replace(m, effects=(Effect(cast=99, spell="Clairvoyance",
                                                 caster=m.id),)))


def _fight(saves: Path):  # noqa: ANN202
    s = new_campaign(saves, npcs=FIVE)
    s.do(campaign.start_session)
    s.do(campaign.start_combat, [m.id for m in s.state.members])
    s.do(campaign.start_round, dice=s.dice)
    first = next(i for i in s.state.combat.order if i.startswith("goblin"))
    _to_act(s, first)
    return s, first


def test_the_check_names_the_refused_member_and_passes_a_whole_group(tmp_path: Path) -> None:
    s, first = _fight(tmp_path)
    group = fight_roster.group_of(s.state, first)
    assert len(group) == 4
    weapon = {who: s.state.member(who).sheet.weapons[0] for who in group}

    def kw(state, who: str) -> dict:  # noqa: ANN001
        from d6tui.games.simple_six.attack_options import attack_skill
        return {"weapon": weapon[who],
                "skill": attack_skill(state.member(who).sheet, weapon[who], state)}

    check_group_attack(s.state, group, "sir-baelen", kw)  # every one may: no error
    late = group[2]
    name = s.state.member(late).sheet.name
    with pytest.raises(RuleError, match=f"{name} cannot make this attack.*Clairvoyance"):
        check_group_attack(_entranced(s.state, late), group, "sir-baelen", kw)


@sync
async def test_a_refused_member_stops_the_group_before_any_event(saves: Path) -> None:
    s, first = _fight(saves)
    group = fight_roster.group_of(s.state, first)
    late = group[2]
    s.state = _entranced(s.state, late)  # as if his senses were away
    order = s.state.combat.order
    app = make_app(saves, session=s)
    told: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.notify = lambda message, **kw: told.append(str(message))  # type: ignore
        before = len(s.events)
        await pilot.press("g")
        await _until(pilot, lambda: isinstance(app.screen, AttackBox))
        await pilot.press(s.state.combat.tag("sir-baelen"), "enter")
        await _until(pilot, lambda: isinstance(app.screen, SimpleSixScreen) and told)
    assert len(s.events) == before  # nothing written: no one's turn moved up
    assert s.state.combat.order == order
    assert f"{s.state.member(late).sheet.name} cannot make this attack" in told[-1]
    assert "all together or not at all" in told[-1]
