"""A death and a Village visit reached by play (the seeded bot plays a 3-hunter season up to
the move, then the move is made by keys on the screen), not by setting the board."""

from __future__ import annotations

from pathlib import Path

from d6tui.games.d6_board.combat import hero_wins
from d6tui.games.d6_board.state import STYX, VILLAGE, glory
from tests.d6_board.ui_helpers import played_until, press_move, settle
from tests.ui.helpers import make_app, sync


def _losing_last_hp(state, move) -> bool:  # noqa: ANN001
    c = state.combat
    return (move.id == "resolve" and not hero_wins(state) and state.hero.hp == 1
            and not c.ranged and not c.ward and state.kind(c.enemy).get("class") != "poison")


def _home_with_bounties(state, move) -> bool:  # noqa: ANN001
    return (move.id == "move:V" and bool(state.hero.backpack) and not move.dice
            and state.hero.hp < int(state.rules["hp"]))


@sync
async def test_a_death_by_play(saves: Path) -> None:
    """"Death and the Styx River": a lost roll on the last HP sends the hero to the Styx,
    Heroic Quest cards and hides are lost, bounties kept, and the next hunter moves."""
    s, _ = played_until(saves, _losing_last_hp, seed=1)
    seat = s.state.current
    before = s.state.heroes[seat]
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press_move(pilot, "resolve")
        await settle(pilot)
        h = s.state.heroes[seat]
        assert h.space == STYX and h.hp == 0
        assert not any(c.startswith("Q") for c in h.hand)
        assert h.specialty == ("", "", "") and h.wild == ()
        assert h.backpack == before.backpack and h.delivered == before.delivered
        assert s.state.current != seat or s.state.phase != "turn"
        assert "Styx River: " + before.name[:2] in str(app.screen.query_one("#map").render())


@sync
async def test_a_village_visit_by_play(saves: Path) -> None:
    """"The Village": walking in delivers the backpack's bounties (glory unchanged, now
    delivered) and brings every HP back; then a Village task is offered."""
    s, _ = played_until(saves, _home_with_bounties, seed=3)
    seat = s.state.current
    before = s.state.heroes[seat]
    points = glory(s.state, seat)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press_move(pilot, "move:V")
        await settle(pilot)
        h = s.state.heroes[seat]
        assert h.space == VILLAGE and h.hp == int(s.state.rules["hp"])
        assert h.backpack == () and h.delivered == (*before.delivered, *before.backpack)
        assert glory(s.state, seat) == points
        ids = [m.id for m in app.screen._moves]
        if h.gold >= int(s.state.rules["prices"]["fountain"]):
            assert "fountain" in ids
        assert "hunt" not in ids  # no hunting in the Village
