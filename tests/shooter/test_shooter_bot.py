"""D6 Shooter bot and headless driver."""

from __future__ import annotations

import pytest

from d6tui.games.shooter.actions import legal_actions
from d6tui.games.shooter.bot import best_subset, choose, play_game
from d6tui.games.shooter.state import Phase, all_cards
from tests.shooter.helpers import bandit, game, ids, place


@pytest.mark.parametrize("players", [["Ann", "Bob"], ["Ann", "Bob", "Cy"],
                                     ["Ann", "Bob", "Cy", "Dee"]])
def test_bots_play_a_whole_game_to_a_marshal(players) -> None:
    s = play_game(players, seed=11)
    assert s.state.over and s.state.phase == Phase.OVER
    assert s.state.players[s.state.winner].rank == 3
    assert sorted(all_cards(s.state)) == sorted(s.state.cards)


def test_bot_games_are_reproducible_from_the_seed() -> None:
    a, b = play_game(["Ann", "Bob"], 3), play_game(["Ann", "Bob"], 3)
    strip = [{k: v for k, v in e.items() if k != "at"} for e in a.events]
    assert strip == [{k: v for k, v in e.items() if k != "at"} for e in b.events]


def test_bot_cashes_rep_with_the_least_waste() -> None:
    ones = [c for c in ids("bandit") if game().cards[c].rep == 1][:3]
    threes = [c for c in ids("bandit") if game().cards[c].rep == 3][:2]
    s = place(game(), 0, jail=ones + threes)
    action, answers = choose(s)
    assert action.name == "cash_rep"
    assert sum(s.cards[c].rep for c in answers["cards"]) == 6


def test_bot_only_picks_legal_actions() -> None:
    s = game(top=[bandit(3)])
    action, answers = choose(s)
    assert action.name in {a.name for a in legal_actions(s)} and answers == {}


def test_best_subset() -> None:
    assert sorted(best_subset({"a": 4, "b": 3, "c": 3}, 6)) == ["b", "c"]
    assert best_subset({"a": 1}, 6) == []
    assert best_subset({"a": 7, "b": 6}, 6) == ["b"]


def test_balance_and_fold_benches_run(capsys) -> None:
    import runpy
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "bench"
    bal = runpy.run_path(str(root / "shooter_balance.py"))
    bal["main"](["--games", "3", "--players", "2"])
    out = capsys.readouterr().out
    assert "rounds per game" in out and "wins by seat" in out
    fold_bench = runpy.run_path(str(root / "shooter_fold.py"))
    fold_bench["main"](["--games", "2"])
    assert "fold / parse" in capsys.readouterr().out


def test_the_seeded_bot_game_meets_every_phase_with_legal_moves() -> None:
    """The seed-76 game the Shooter screen's smoke test plays through keys
    (tests/ui/test_shooter_play.py), played headless: every move the bot picks is legal, each
    records one event, and the game reaches every phase, its end included, within 200 moves.
    """
    from d6tui.engine.session import Session

    session = Session.new("shooter", {"players": ["Ann", "Bob", "Cid"], "seed": 76})
    seen: set[Phase] = set()
    for _ in range(200):
        state = session.state
        seen.add(state.phase)
        if state.over:
            break
        action, answers = choose(state)
        assert action.name in {a.name for a in legal_actions(state)}
        before = len(session.events)
        session.do(action.command, dice=session.dice, **answers)
        assert len(session.events) == before + 1, action.name
    assert session.state.over and session.state.players[session.state.winner].rank == 3
    assert {Phase.START, Phase.HUNT, Phase.CAPTURED, Phase.END, Phase.ESCAPE, Phase.JAIL_BREAK,
            Phase.CHALLENGE, Phase.REWARD, Phase.CONTEST, Phase.LAST_CHANCE, Phase.OVER} <= seen
