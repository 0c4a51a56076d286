"""Simple Six's wild-die rolls typed on the command line (``d6tui play --dice``): each roll
read against the pool the move throws ("Dice Basics", "The Wild Die"), stored as typed and
marked in the log; a wrong count or face is refused in one line that says what is expected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine.game import find_move
from d6tui.engine.session import Session
from tests.simple_six.test_cli_roll_moves import in_a_fight
from tests.ui.test_simple_six_flows import new_campaign


def play(path: Path, move: str, dice: list[str], **choices: str) -> int:
    args = ["play", str(path), move]
    for k, v in choices.items():
        args += ["--choice", f"{k}={v}"]
    for d in dice:
        args += ["--dice", d]
    return main(args)


def refused(capsys: pytest.CaptureFixture[str], path: Path, move: str, dice: list[str],
            **choices: str) -> str:
    """Play a move that must be refused: exit 2, one line, nothing written."""
    n = len(Session.load(path).events)
    capsys.readouterr()
    assert play(path, move, dice, **choices) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert len(Session.load(path).events) == n
    return err


def test_a_check_takes_the_typed_roll(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    """"The Wild Die": Tam's Bow is 6D, five ordinary dice and the wild die, which is
    rolled again on a 6; the typed faces are the roll, stored as table dice."""
    path = new_campaign(tmp_path).log.path
    bow = {"who": "tam", "what": "Bow", "target": "10"}
    err = refused(capsys, path, "check", ["3 4 w2"], **bow)
    assert "5 ordinary dice" in err and "6D" in err
    assert "not a face" in refused(capsys, path, "check", ["3 4 5 6 7 w2"], **bow)
    assert "rolled again" in refused(capsys, path, "check", ["3 4 5 6 6 w6"], **bow)
    assert "damage" in refused(capsys, path, "check", ["damage=3 4"], **bow)
    assert "twice" in refused(capsys, path, "check", ["3 4 5 6 6 w2", "1 1 1 1 1 w1"], **bow)
    assert play(path, "check", ["3 4 5 6 6 w6 2"], **bow) == 0
    out = capsys.readouterr().out
    assert "(table dice)" in out
    ev = Session.load(path).events[-1]
    roll = ev["roll"]
    assert roll["source"] == "table"
    assert roll["faces"] == [3, 4, 5, 6, 6] and roll["wild"] == [6, 2]
    assert roll["total"] == 3 + 4 + 5 + 6 + 6 + 6 + 2


def test_an_attack_takes_its_attack_and_damage_by_name(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    """"Combat": the attack roll against the target's TN, then (a hit) the damage roll;
    each typed by its name, each checked against its own pool."""
    s = in_a_fight(tmp_path, ["tam", "goblin-1"])
    while s.state.combat.actor != "tam":
        if s.state.combat.actor is None:
            s.play(find_move(s.moves(), "roll_initiative"))
        else:
            s.play(find_move(s.moves(), "pass_turn"))
    path = s.log.path
    shot = {"target": "goblin-1"}
    assert "6D" in refused(capsys, path, "attack:bow", ["attack=1 1"], **shot)
    err = refused(capsys, path, "attack:bow", ["attack=6 6 6 6 6 w5", "damage=1"], **shot)
    assert "damage roll" in err and "4 ordinary dice" in err
    assert play(path, "attack:bow", ["attack=6 6 6 6 6 w5", "damage=2 2 2 2 w3"],
                **shot) == 0
    ev = Session.load(path).events[-1]
    assert ev["type"] == "attacked" and ev["attack"]["source"] == "table"
    assert ev["attack"]["faces"] == [6] * 5 and ev["attack"]["wild"] == [5]
    assert ev["damage"]["source"] == "table" and ev["damage"]["faces"] == [2] * 4
    assert ev["damage"]["wild"] == [3]


def test_a_missed_attack_made_with_typed_dice_has_no_damage_roll(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A miss calls for no damage roll: damage typed for it is refused, naming the rolls."""
    s = in_a_fight(tmp_path, ["tam", "goblin-1"])
    while s.state.combat.actor != "tam":
        if s.state.combat.actor is None:
            s.play(find_move(s.moves(), "roll_initiative"))
        else:
            s.play(find_move(s.moves(), "pass_turn"))
    path = s.log.path
    err = refused(capsys, path, "attack:bow", ["1 1 1 1 1 w1", "damage=2 2 2 2 w3"],
                  target="goblin-1")
    assert "damage" in err and "attack" in err


def test_a_spell_takes_the_typed_magic_roll(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    """"Casting Spells": the caster's Magic roll against the spell's TN, typed."""
    path = new_campaign(tmp_path).log.path
    charm = {"caster": "mira", "spell": "Charm", "targets": "goblin-1"}
    assert "5 ordinary dice" in refused(capsys, path, "cast", ["1"], **charm)
    assert "no roll named x" in refused(capsys, path, "cast", ["x=1"], **charm)
    assert play(path, "cast", ["roll=5 5 5 5 5 w4"], **charm) == 0
    ev = Session.load(path).events[-1]
    assert ev["type"] == "spell_cast" and ev["roll"]["source"] == "table"
    assert ev["roll"]["faces"] == [5] * 5 and ev["roll"]["wild"] == [4]


def test_moves_typed_on_the_screen_only_are_refused(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    """The clock's checks come in a shape of their own: --dice is refused, in one line."""
    path = new_campaign(tmp_path).log.path
    assert "screen's prompts" in refused(capsys, path, "time", ["3 4"], span="1 day")


def test_moves_says_how_to_type_the_rolls(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    path = new_campaign(tmp_path).log.path
    capsys.readouterr()
    assert main(["moves", str(path)]) == 0
    out = capsys.readouterr().out
    assert '--dice "3 5 w 6 2"' in out and "--dice NAME=FACES" in out
    listed = {m["id"]: m for m in _moves_json(capsys, path)}
    assert "--dice NAME=FACES" in listed["check"]["dice"][0]["syntax"]


def _moves_json(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict]:
    capsys.readouterr()
    assert main(["moves", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)
