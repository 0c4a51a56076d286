"""D6 Shooter saves: a save holds no card before its time, and saves of every shape replay.

Fixtures in ``tests/fixtures/saves``, each with the ``d6tui replay --json`` output recorded
beside it when it was written:

- ``shooter-v1.toml`` (a copy of ``saves/shooter-example.toml``) and
  ``shooter-v1-reshuffled.toml`` (a two-player bot game with a Game deck and a store
  reshuffle): written before cards were decided when drawn, with both shuffled decks in
  ``game_started`` and each reshuffled order stored. Their JSON was recorded by that code.
- ``shooter-v2.toml`` (played through the app by ``bench/record_shooter_example.py --seed 2``)
  and ``shooter-v2-reshuffled.toml`` (a three-player bot game with both reshuffles): each card
  is decided when drawn and stored in its draw event (``drawn``).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from d6tui.engine.session import Session
from d6tui.games.shooter import commands as C
from d6tui.games.shooter.bot import choose
from d6tui.games.shooter.state import ShooterState, all_cards

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
V1 = ("shooter-v1", "shooter-v1-reshuffled")
V2 = ("shooter-v2", "shooter-v2-reshuffled")

#: State fields added since the v1 fixtures' JSON was recorded.
NEW_FIELDS = frozenset({"deck_ordered", "store_ordered"})


def _recorded(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text())


def _results(state: dict) -> dict:
    """What a game came to: the winner, each player's rank, jail, shackles and hand."""
    return {
        "winner": state.get("winner"),
        "players": [{k: p[k] for k in ("name", "rank", "jail", "shackles", "hand")}
                    for p in state["players"]],
    }


def _strings_in_lists(value: Any) -> list[str]:
    """Every string held in a list anywhere in a TOML value."""
    out: list[str] = []
    if isinstance(value, dict):
        for v in value.values():
            out.extend(_strings_in_lists(v))
    elif isinstance(value, list):
        for v in value:
            out.extend([v] if isinstance(v, str) else _strings_in_lists(v))
    return out


def _face_down(state: ShooterState) -> set[str]:
    return set(state.deck) | set(state.store_down)


# -- old saves ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", V1)
def test_old_saves_replay_to_the_recorded_result(name: str) -> None:
    recorded = _recorded(name)
    s = Session.load(FIXTURES / f"{name}.toml")
    now = s.rules.to_json(s.state)
    assert _results(now) == _results(recorded["state"])
    assert now["winner"] == recorded["winner"] and s.state.over
    # the whole state is the same, deck orders included (the old draws follow them)
    assert {k: v for k, v in now.items() if k not in NEW_FIELDS} == recorded["state"]
    assert len(s.events) == recorded["events"]
    assert len(all_cards(s.state)) == 100


def test_old_saves_store_their_deck_orders() -> None:
    raw = tomllib.loads((FIXTURES / "shooter-v1-reshuffled.toml").read_text())
    first = raw["events"][0]
    assert len(first["deck"]) == 90 and len(first["store"]) == 10
    shuffles = [e for e in raw["events"] if isinstance(e.get("reshuffled"), list)]
    assert len(shuffles) == 2 and "card_drawn" in {e["type"] for e in shuffles}
    assert not any("drawn" in e for e in raw["events"])


def test_cli_replays_an_old_save_to_the_recorded_json() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "d6tui", "replay", str(FIXTURES / "shooter-v1.toml"), "--json"],
        capture_output=True, text=True, check=True)
    now, recorded = json.loads(out.stdout), _recorded("shooter-v1")
    assert now["winner"] == recorded["winner"] == "Bob"
    assert {k: v for k, v in now["state"].items() if k not in NEW_FIELDS} == recorded["state"]
    assert {k: v for k, v in now.items() if k != "state"} == {
        k: v for k, v in recorded.items() if k != "state"}


def test_an_old_save_goes_on_with_cards_decided_when_drawn(tmp_path: Path) -> None:
    path = tmp_path / "old.toml"
    raw = (FIXTURES / "shooter-v1-reshuffled.toml").read_text()
    # keep the game up to the first turn's end: the rest is played by today's code
    head, *blocks = raw.split("[[events]]\n")
    path.write_text(head + "".join("[[events]]\n" + b for b in blocks[:12]))
    s = Session.load(path)
    assert s.state.deck_ordered and s.state.store_ordered
    for _ in range(60):
        if s.state.over:
            break
        action, answers = choose(s.state)
        s.do(action.command, dice=s.dice, **answers)
    s.close()
    again = Session.load(path)
    assert again.state == s.state
    new = [e for e in again.events[12:] if e["type"] == "card_drawn"]
    assert new and all(e["drawn"]["faces"] == [e["card"]] for e in new)
    assert not again.state.deck_ordered


# -- new saves ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", V2)
def test_new_saves_replay_to_the_recorded_result(name: str) -> None:
    recorded = _recorded(name)["state"]
    s = Session.load(FIXTURES / f"{name}.toml")
    now = s.rules.to_json(s.state)
    assert _results(now) == _results(recorded) and now["winner"] is not None
    for pile in ("store_up", "discard", "store_discard", "in_play"):
        assert now[pile] == recorded[pile], pile
    # the face-down piles are unordered: only what they hold counts
    for pile in ("deck", "store_down"):
        assert sorted(now[pile]) == sorted(recorded[pile]), pile
    assert len(all_cards(s.state)) == 100


def test_new_saves_draw_with_reshuffles_that_store_no_order() -> None:
    raw = tomllib.loads((FIXTURES / "shooter-v2-reshuffled.toml").read_text())
    shuffles = [e for e in raw["events"] if "reshuffled" in e]
    assert sorted(e["type"] for e in shuffles) == ["card_drawn", "store_bought"]
    assert all(e["reshuffled"] is True for e in shuffles)
    assert all("drawn" in e for e in shuffles)


def test_a_fresh_save_holds_no_card_before_its_time(tmp_path: Path) -> None:
    path = tmp_path / "fresh.toml"
    s = Session.new("shooter", {"players": ["Ann", "Bob", "Cy"], "seed": 4}, path=path)
    s.close()
    hidden = _face_down(s.state)
    assert len(hidden) == 97
    text = path.read_text()
    # the card table lists every card in id order; nothing else may name a face-down card
    rest = "\n".join(line for line in text.splitlines() if not line.startswith("cards = "))
    assert [c for c in sorted(hidden) if f'"{c}"' in rest] == []
    first = tomllib.loads(text)["events"][0]
    assert "deck" not in first and "store" not in first
    assert not hidden.intersection(_strings_in_lists(first))
    assert first["drawn"] == {"dice": "draw store", "faces": list(s.state.store_up),
                              "source": "app"}


def test_no_event_of_a_whole_game_names_a_card_still_face_down() -> None:
    # this game refills the Game deck and the store from their discards
    s = Session.new("shooter", {"players": ["Ann", "Bob", "Cy"], "seed": 5})
    while not s.state.over:
        action, answers = choose(s.state)
        ev = s.do(action.command, dice=s.dice, **answers)
        named = set(_strings_in_lists(ev)) | {v for v in ev.values() if isinstance(v, str)}
        assert not named.intersection(_face_down(s.state)), ev
        drawn = ev.get("drawn")
        if drawn is not None:
            assert set(drawn) == {"dice", "faces", "source"} and drawn["source"] == "app"
            assert drawn["dice"] in ("draw game", "draw store")
    refills = {e["type"] for e in s.events if "reshuffled" in e}
    assert "card_drawn" in refills and "store_bought" in refills


# -- undo keeps a drawn card on the table --------------------------------------------------------


@pytest.mark.parametrize("seed", [9, None])
def test_undo_then_the_same_draw_gets_the_same_card(tmp_path: Path, seed: int | None) -> None:
    options = {"players": ["Ann", "Bob"]} | ({"seed": seed} if seed is not None else {})
    s = Session.new("shooter", options, path=tmp_path / "undo.toml")
    first = s.do(C.draw, dice=s.dice)
    s.undo()
    assert s.state.deck_ordered is False and first["card"] in s.state.deck
    again = s.do(C.draw, dice=s.dice)
    assert again["card"] == first["card"]
    assert again["drawn"]["faces"] == first["drawn"]["faces"] == [first["card"]]
    s.close()
    reopened = Session.load(tmp_path / "undo.toml")
    assert reopened.state == s.state
