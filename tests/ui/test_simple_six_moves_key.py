"""`M` on the Simple Six screen: every move of the game's list, made through the one move
runner (its choices in lists), as `d6tui play` makes it ("Potions": a Potion of Healing
lowers the wound level one step)."""

from __future__ import annotations

from pathlib import Path

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign
from d6tui.games.simple_six.rules import RULES
from d6tui.games.simple_six.wounds import WoundLevel
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.simple_six.screen import SimpleSixScreen
from tests.simple_six.test_campaign import BAELEN, MIRA, ORC
from tests.ui.helpers import make_app, sync


async def _pick(pilot, value: str) -> None:  # noqa: ANN001
    for _ in range(20):
        if isinstance(pilot.app.screen, ChoiceModal):
            break
        await pilot.pause()
    modal = pilot.app.screen
    assert isinstance(modal, ChoiceModal), modal
    values = [v for _l, v in modal.options]
    modal.query_one("OptionList").highlighted = values.index(value)
    await pilot.press("enter")
    await pilot.pause()


@sync
async def test_the_moves_key_gives_a_potion_through_the_move_runner(saves: Path) -> None:
    s = Session.new(RULES, {"seed": 5}, path=saves / "moves.toml", title="Moves")
    for d in (BAELEN, MIRA, ORC):
        s.do(campaign.add_character, d, dice=s.dice)
    s.do(campaign.start_combat, ["orc", "mira"])
    s.do(campaign.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="dodge",
         typed={"attack": ([6, 6, 6], [6, 6, 2]), "damage": ([2] * 5, [4])})
    s.do(campaign.end_combat)
    assert s.state.member("mira").wounds.level == WoundLevel.WOUNDED
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SimpleSixScreen)
        await pilot.press("M")
        await _pick(pilot, "heal_potion")
        await _pick(pilot, "mira")
        for _ in range(20):
            if s.state.member("mira").wounds.level < WoundLevel.WOUNDED:
                break
            await pilot.pause()
        assert s.state.member("mira").wounds.level == WoundLevel.WOUNDED - 1
        assert s.events[-1]["type"] == "healed"
