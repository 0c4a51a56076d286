"""A combatant who died this round is told as dead on its turn, with no wound roll offered."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign
from d6tui.games.simple_six.rules import RULES
from d6tui.games.simple_six.wounds import WoundLevel
from tests.simple_six.test_campaign import MIRA, ORC
from tests.ui.helpers import make_app, sync


@sync
async def test_a_dead_combatant_turn_says_dead(saves: Path) -> None:
    s = Session.new(RULES, {"seed": 5}, path=saves / "dead.toml", title="Dead")
    for d in (MIRA, ORC):
        s.do(campaign.add_character, d, dice=s.dice)
    s.do(campaign.start_combat, ["mira", "orc"])
    s.do(campaign.start_round, typed={"mira": ([6, 6, 6], [5]), "orc": ([1], [1])})
    s.do(campaign.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
         typed={"attack": ([6, 6, 6, 6, 6], [4]), "damage": ([6, 6, 6], [6, 5])})
    assert s.state.member("orc").wounds.level == WoundLevel.DEAD
    assert s.do(campaign.pass_turn)["skipped"] == ["orc"]  # today the dead are skipped
    # a log written before the skip still comes to the dead one's turn: as such a log has it
    s.undo()
    s.do(lambda st: {"type": "turn_passed", "round": 1, "who": "mira"})
    assert s.state.combat.actor == "orc"
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        banner = str(app.screen.query_one("#banner", Static).render())
        assert "Orc is dead. space passes." in banner and "wound roll" not in banner


@sync
async def test_the_banner_counts_the_declared_actions(saves: Path) -> None:
    s = Session.new(RULES, {"seed": 5}, path=saves / "acts.toml", title="Acts")
    for d in (MIRA, ORC):
        s.do(campaign.add_character, d, dice=s.dice)
    s.do(campaign.start_combat, ["mira", "orc"])
    s.do(campaign.start_round, {"mira": 2},
         typed={"mira": ([6, 6, 6], [5]), "orc": ([1], [1])})
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        banner = app.screen.query_one("#banner", Static)
        assert "Mira acts (2 left)." in str(banner.render())
        for _ in range(2):
            app.screen.do(campaign.attack, "mira", "orc", skill="Bow", weapon="Bow",
                          range_="short", typed={"attack": ([1, 1, 1, 1], [1])})
        await pilot.pause()
        assert ("Mira has made every action declared. space done (a check is an action"
                " too).") in str(banner.render())
