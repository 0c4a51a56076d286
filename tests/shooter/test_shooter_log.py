"""D6 Shooter: typed table dice, fold rejecting bad events, describe, saves, content files."""

from __future__ import annotations

import os
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from d6tui.engine.dice import table_roll_custom
from d6tui.engine.errors import EventError, LogError, RuleError
from d6tui.engine.session import Session
from d6tui.games.shooter import commands as C
from d6tui.games.shooter.actions import find_action
from d6tui.games.shooter.content import ContentError, load_cards, user_path
from d6tui.games.shooter.describe import describe
from d6tui.games.shooter.fold import FOLDS, fold
from d6tui.games.shooter.rules import RULES, status, to_json
from d6tui.games.shooter.state import SHOOTER_DIE, Phase, ShooterState
from tests.shooter.helpers import (
    StackedDice,
    act,
    bandit,
    game,
    ids,
    old_start_payload,
    start_payload,
)
from tests.shooter.test_shooter_props import random_game, random_step

# -- typed table dice --------------------------------------------------------------------------


def test_typed_faces_from_table_dice_are_stored_as_table_rolls() -> None:
    b = bandit(1)
    s = act(game(top=[b]), C.draw)
    roll = table_roll_custom(SHOOTER_DIE, ["h", "sp", "cl", "d", "j", "6"], 6)
    payload = C.roll(s, roll=roll)
    assert payload["roll"]["source"] == "table"
    assert payload["roll"]["faces"] == ["heart", "spade", "club", "diamond", "joker", "skull"]
    s2 = fold(s, payload)
    assert s2.phase == Phase.CAPTURED


def test_typed_faces_with_the_wrong_count_are_refused_clearly() -> None:
    s = act(game(top=[bandit(1)]), C.draw)
    with pytest.raises(RuleError, match="type 6 dice, not 2"):
        C.roll(s, roll=["heart", "club"])
    with pytest.raises(RuleError, match="type 6 dice, not 5"):
        C.roll(s, roll={"dice": "5 shooter", "faces": ["heart"] * 5, "source": "table"})


def test_typed_faces_not_on_the_die_are_refused_clearly() -> None:
    s = act(game(top=[bandit(1)]), C.draw)
    with pytest.raises(RuleError, match="'moon' is not a face of the shooter die"):
        C.roll(s, roll=["heart", "moon", "club", "club", "club", "club"])
    with pytest.raises(RuleError, match="'7' is not a face"):
        C.roll(s, roll=["7"] * 6)


def test_contest_typed_rolls_are_checked_per_side() -> None:
    s = act(game(top=[ids("event", "shooting_contest")[0]]), C.draw)
    with pytest.raises(RuleError, match="type 3 dice, not 2"):
        C.contest_roll(s, roll=["skull"] * 3, opponent_roll=["skull"] * 2)


def test_skull_reroll_takes_one_typed_face() -> None:
    s = act(game(top=[bandit(1)]), C.draw)
    with pytest.raises(RuleError, match="type 1 die, not 2"):
        C.skull_reroll(replace(s, rerolls_left=1, dice=replace(s.dice, free=5, skulls=1)),
                       roll=["skull", "skull"])


# -- fold rejects events that do not fit -------------------------------------------------------


def test_fold_rejects_the_wrong_player() -> None:
    s = game(top=[bandit(1)])
    payload = C.draw(s, dice=StackedDice(0))
    payload["by"] = "Bob"
    with pytest.raises(EventError, match="Ann who acts"):
        fold(s, payload)


def test_fold_rejects_faces_not_on_the_die_and_wrong_counts() -> None:
    s = act(game(top=[bandit(1)]), C.draw)
    good = C.roll(s)
    bad = {**good, "roll": {**good["roll"], "faces": ["heart"] * 5 + ["seven"]}}
    with pytest.raises(EventError, match="'seven' is not a face"):
        fold(s, bad)
    short = {**good, "roll": {**good["roll"], "faces": ["heart"] * 4}}
    with pytest.raises(EventError, match="4 faces where 6 dice"):
        fold(s, short)


def test_fold_rejects_a_card_that_is_not_on_top() -> None:
    # a save written before draws were decided when drawn: its draws follow the stored order
    s = fold(ShooterState(), old_start_payload(top=[bandit(1), bandit(2)]))
    payload = C.draw(s, dice=StackedDice(0))
    del payload["drawn"]
    payload["card"] = bandit(2)
    with pytest.raises(EventError, match="not the top card"):
        fold(s, payload)
    payload["card"] = bandit(1)
    assert fold(s, payload).in_play == (bandit(1),)


def test_fold_rejects_a_draw_that_is_not_the_card_drawn_or_not_in_the_deck() -> None:
    s = game(top=[bandit(1), bandit(2)])
    payload = C.draw(s, dice=StackedDice(0))
    assert payload["drawn"] == {"dice": "draw game", "faces": [bandit(1)], "source": "app"}
    with pytest.raises(EventError, match="draws 'B.*' but names"):
        fold(s, {**payload, "card": bandit(2)})
    jailed = replace(s, deck=s.deck[1:])
    with pytest.raises(EventError, match="not in the Game deck"):
        fold(jailed, payload)
    with pytest.raises(EventError, match="name 1 card"):
        fold(s, {**payload, "drawn": {**payload["drawn"], "faces": [bandit(1), bandit(2)]}})
    with pytest.raises(EventError, match="draw game"):
        fold(s, {**payload, "drawn": {**payload["drawn"], "dice": "1d6"}})
    # an unordered deck has no top card: a draw that does not say what it drew is refused
    with pytest.raises(EventError, match="does not say which card"):
        fold(s, {k: v for k, v in payload.items() if k != "drawn"})


def test_fold_rejects_events_out_of_phase_and_unknown_types() -> None:
    s = game()
    with pytest.raises(EventError, match="does not fit"):
        fold(s, {"type": "hunt_stopped", "by": "Ann", "cards": []})
    with pytest.raises(EventError, match="unknown event type"):
        fold(s, {"type": "bandit_shot", "by": "Ann"})
    with pytest.raises(EventError, match="not started"):
        fold(ShooterState(), {"type": "turn_ended", "by": "Ann", "next": "Bob"})


def test_fold_rejects_bad_shuffles_and_card_tables() -> None:
    p = old_start_payload()
    p["deck"] = p["deck"][:-1]
    with pytest.raises(EventError, match="Game deck"):
        fold(ShooterState(), p)
    p = start_payload()
    p["drawn"] = {**p["drawn"], "faces": p["drawn"]["faces"][:2]}
    with pytest.raises(EventError, match="General Store"):
        fold(ShooterState(), p)
    p = start_payload()
    p["drawn"] = {**p["drawn"], "faces": ["B01", "S01", "S02"]}
    with pytest.raises(EventError, match="not in the General Store"):
        fold(ShooterState(), p)
    p = start_payload()
    p["cards"][0]["symbols"] = ["moon"]
    with pytest.raises(EventError, match="suit symbols"):
        fold(ShooterState(), p)
    with pytest.raises(EventError, match="2 to 4 players"):
        fold(ShooterState(), start_payload(players=["Ann"]))


def test_fold_rejects_cards_that_are_not_held() -> None:
    s = game(top=[bandit(1)])
    with pytest.raises(EventError, match="holds no"):
        fold(s, {"type": "shackles_played", "by": "Ann", "card": ids("store", "shackles")[0],
                 "bandits": [bandit(1)]})
    with pytest.raises(EventError, match="not in the jail"):
        fold(s, {"type": "rep_cashed", "by": "Ann", "cards": [bandit(1)]})


def _saved_game(tmp_path: Path) -> Path:
    path = tmp_path / "g.toml"
    s = Session.new("shooter", {"players": ["Ann", "Bob"], "seed": 5}, path=path)
    s.do(C.draw, dice=s.dice)
    rng = random.Random(0)
    while find_action(s.state, "roll") is None:  # reach a dice roll
        random_step(s, rng)
    s.do(C.roll, dice=s.dice)
    s.close()
    return path


def test_a_save_with_a_face_edited_off_the_die_is_refused_with_its_seq(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    text = path.read_text()
    head, last = text.rstrip().rsplit("[[events]]", 1)
    seq = int(re.search(r"seq = (\d+)", last).group(1))
    last = re.sub(r'faces = \["\w+"', 'faces = ["seven"', last, count=1)
    path.write_text(head + "[[events]]" + last + "\n\n")
    with pytest.raises(LogError, match="'seven' is not a face") as err:
        Session.load(path)
    assert err.value.seq == seq


def test_a_save_with_the_wrong_player_is_refused_with_its_seq(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    text = path.read_text()
    path.write_text(text.replace('by = "Ann"', 'by = "Bob"', 1))
    with pytest.raises(LogError, match="Ann who acts") as err:
        Session.load(path)
    assert err.value.seq == 2


# -- describe, status, JSON --------------------------------------------------------------------


def test_every_event_type_is_described_with_its_player() -> None:
    seen: set[str] = set()
    for seed in range(8):
        session = random_game(seed)
        for ev in session.events:
            text = describe(ev)
            assert isinstance(text, str) and text
            if "by" in ev:
                assert ev["by"] in text
            seen.add(ev["type"])
    assert seen >= {"game_started", "card_drawn", "dice_rolled", "turn_ended", "rep_cashed"}
    assert set(RULES.event_types) == set(FOLDS)


def test_status_and_json() -> None:
    s = game()
    assert "Ann" in status(s) and "round 1" in status(s)
    j = to_json(s)
    assert j["phase"] == "start" and j["players"][0]["name"] == "Ann"
    import json

    json.dumps(j)


# -- content files -----------------------------------------------------------------------------


def test_shipped_cards_are_complete_and_house() -> None:
    cards = load_cards()
    assert len(cards) == 100
    kinds = [c.kind for c in cards]
    assert kinds.count("bandit") == 70 and kinds.count("event") == 20
    assert kinds.count("store") == 10
    assert all(c.source == "house" for c in cards)
    mix = sorted(c.effect for c in cards if c.kind == "event")
    assert mix.count("escape") == 5 and mix.count("jail_break") == 4
    assert mix.count("pan_for_gold") == 3 and mix.count("stop_bar_brawl") == 3
    assert mix.count("stop_robbery") == 3 and mix.count("shooting_contest") == 2
    store = [c.effect for c in cards if c.kind == "store"]
    assert store.count("horseback") == 2 and store.count("night_watch") == 2
    assert len(set(store)) == 8
    assert len({c.name for c in cards if c.kind == "bandit"}) == 70
    assert all(1 <= len(c.symbols) <= 5 for c in cards if c.kind == "bandit")


def test_user_override_is_merged_by_id_and_stored_in_the_game(tmp_path: Path,
                                                               monkeypatch) -> None:
    monkeypatch.setenv("D6TUI_CONFIG", str(tmp_path))
    assert user_path() == tmp_path / "shooter_cards.toml"
    user_path().write_text(
        '[[bandits]]\nid = "B01"\nname = "Our Own Outlaw"\nsymbols = ["spade", "spade"]\n'
        'rep = 4\n\n[[store]]\nid = "S01"\nprice = 9\n'
    )
    cards = {c.id: c for c in load_cards()}
    assert cards["B01"].name == "Our Own Outlaw" and cards["B01"].rep == 4
    assert cards["B01"].symbols == ("spade", "spade")
    assert cards["S01"].price == 9 and cards["S01"].name == load_cards(
        override=tmp_path / "none.toml")[90].name
    s = Session.new("shooter", {"players": ["Ann", "Bob"], "seed": 1})
    assert s.state.cards["B01"].name == "Our Own Outlaw"
    # the table lives in the save: a later change of the file does not change the game
    os.remove(user_path())
    again = fold(ShooterState(), s.events[0])
    assert again.cards["B01"].name == "Our Own Outlaw"


@pytest.mark.parametrize("text,msg", [
    ('[[bandits]]\nid = "B99"\nname = "X"\n', "no card B99"),
    ('[[bandits]]\nid = "B01"\nsymbols = ["moon"]\n', "'moon' is not a suit"),
    ('[[bandits]]\nid = "B01"\nsymbols = []\n', "1 to 5 symbols"),
    ('[[bandits]]\nid = "B01"\nrep = "two"\n', "'rep' must be a whole number"),
    ('[[events]]\nid = "E01"\nkind = "stampede"\n', "kind 'stampede' is not one of"),
    ('[[store]]\nid = "S01"\nprice = -1\n', "price cannot be negative"),
    ('[[cattle]]\nid = "C01"\n', "unknown table"),
    ('[[bandits]\n', "not valid TOML"),
])
def test_bad_override_files_give_clear_errors(tmp_path: Path, text: str, msg: str) -> None:
    f = tmp_path / "shooter_cards.toml"
    f.write_text(text)
    with pytest.raises(ContentError, match=msg) as err:
        load_cards(override=f)
    assert str(f) in str(err.value)


def test_describe_rare_events() -> None:
    assert describe({"type": "deck_exhausted", "by": "Ann"}) == (
        "Ann found no card left to draw; the turn ends")
    text = describe({"type": "horseback_played", "by": "Bob", "card": "S03", "escape": "E01",
                     "saved": ["B01"]})
    assert text.startswith("Bob played Horseback")
    table = describe({"type": "dice_rolled", "by": "Cy", "card": "B01", "name": "Rattler",
                      "purpose": "hunt", "roll_no": 2,
                      "roll": {"dice": "2 shooter", "faces": ["heart", "skull"],
                               "source": "table"}})
    assert table == "Cy rolled heart, skull (table dice) for Rattler (roll 2)"
