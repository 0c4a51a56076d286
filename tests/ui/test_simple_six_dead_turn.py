"""The banner in a fight: it counts the actions declared and says when every one is made, and
a combatant who died this round is told as dead on its turn, with no wound roll offered."""

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
async def test_the_banner_counts_the_declared_actions_then_says_dead(saves: Path) -> None:
    """Mira and an Orc on one screen: Mira declares two actions ("Mira acts (2 left)") and
    once both are made the banner says so; then (that round undone) a round in which Mira
    kills the Orc, from a log written before the dead were skipped, comes to the Orc's
    turn: the banner says he is dead and offers no wound roll."""
    s = Session.new(RULES, {"seed": 5}, path=saves / "acts.toml", title="Acts")
    for d in (MIRA, ORC):
        s.do(campaign.add_character, d, dice=s.dice)
    s.do(campaign.start_combat, ["mira", "orc"])
    s.do(campaign.start_round, {"mira": 2},
         typed={"mira": ([6, 6, 6], [5]), "orc": ([1], [1])})
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        banner = screen.query_one("#banner", Static)
        assert "Mira acts (2 left)." in str(banner.render())
        for _ in range(2):
            screen.do(campaign.attack, "mira", "orc", skill="Bow", weapon="Bow",
                      range_="short", typed={"attack": ([1, 1, 1, 1], [1])})
        await pilot.pause()
        assert ("Mira has made every action declared. space done (a check is an action"
                " too).") in str(banner.render())
        # the two attacks and the round undone: a round in which the Orc dies
        for _ in range(3):
            s.undo()
        assert s.state.combat.round == 0 and s.state.combat.actor is None
        s.do(campaign.start_round, typed={"mira": ([6, 6, 6], [5]), "orc": ([1], [1])})
        s.do(campaign.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
             typed={"attack": ([6, 6, 6, 6, 6], [4]), "damage": ([6, 6, 6], [6, 5])})
        assert s.state.member("orc").wounds.level == WoundLevel.DEAD
        assert s.do(campaign.pass_turn)["skipped"] == ["orc"]  # today the dead are skipped
        # a log written before the skip still comes to the dead one's turn: as such a log
        # has it
        s.undo()
        s.do(lambda st: {"type": "turn_passed", "round": 1, "who": "mira"})
        assert s.state.combat.actor == "orc"
        screen.refresh_game()
        await pilot.pause()
        banner = str(screen.query_one("#banner", Static).render())
        assert "Orc is dead. space passes." in banner and "wound roll" not in banner
