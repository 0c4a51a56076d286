"""D6 Dungeon from the command line (made from the definition): new, moves, play, view,
export; what a seat or a spectator is shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine.session import Session

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_new_against_the_computer_and_play_a_turn(isolated: dict[str, Path],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "new", "dungeon", "--players", "Ana", "--vs-computer", "yes",
                         "--seed", "2", "--no-open")
    assert code == 0, err
    path = Path(out.strip())
    s = Session.load(path)
    assert s.state.players == ("Ana", "Computer") and s.state.computer == 1
    code, out, _ = run(capsys, "moves", str(path), "--json")
    moves = json.loads(out)
    assert moves[0]["id"] == "draw" and moves[0]["dice"][0]["die"] == "bag"
    code, out, _ = run(capsys, "play", str(path), "draw", "--dice", "blue")
    assert code == 0 and "Ana drew the blue die" in out
    code, out, _ = run(capsys, "play", str(path), "roll", "--dice", "orc")
    assert "Ana rolled Orc" in out
    code, out, err = run(capsys, "play", str(path), "place", "--choice", "side=door",
                         "--choice", "hole=C3", "--choice", "turns=1")
    assert code == 0, err
    assert "Ana placed the die in C3" in out and "door" not in out.lower()
    code, out, _ = run(capsys, "view", str(path), "--seat", "Computer", "--json")
    seen = json.loads(out)["state"]["holes"]["C3"]
    assert "door" not in seen["faces"] and seen["faces"][1] == "orc"
    code, out, _ = run(capsys, "view", str(path), "--seat", "spectator", "--json")
    assert "orc" not in out and "door" not in out
    code, out, _ = run(capsys, "export", str(path), "--format", "markdown")
    assert code == 0 and "C3" in out and "door" not in out.lower() and "Orc" in out


@pytest.mark.parametrize(("argv", "players"), [
    (("--vs-computer",), ("Ana", "Computer")),
    (("--vs-computer", "yes", "--players", "Ana"), ("Ana", "Computer")),
    ((), ("Ana", "Ben")),
    (("--vs-computer", "no"), ("Ana", "Ben")),
])
def test_no_names_against_the_computer_gives_the_computer_its_own_name(
        isolated: dict[str, Path], capsys: pytest.CaptureFixture[str],
        argv: tuple[str, ...], players: tuple[str, str]) -> None:
    """With no ``--players`` the person gets the first default name and the computer's
    seat is the computer's name, never the second person's default ("Ben")."""
    code, out, err = run(capsys, "new", "dungeon", *argv, "--seed", "2", "--no-open")
    assert code == 0, err
    s = Session.load(Path(out.strip()))
    assert s.state.players == players
    assert s.state.computer == (1 if "Computer" in players else None)
    s.close()


def test_the_form_left_empty_against_the_computer_names_the_computer() -> None:
    """The new-game form sends no ``players`` when the field is left empty: the same rule."""
    from d6tui.engine.registry import load_rules

    rules = load_rules("dungeon")
    assert rules.checked_options({"vs_computer": True})["players"] == ["Ana", "Computer"]
    assert rules.checked_options({})["players"] == ["Ana", "Ben"]


def test_the_game_is_found_by_discovery() -> None:
    from d6tui.engine.registry import game_info

    entry = game_info("dungeon")
    assert entry.name == "D6 Dungeon" and entry.screen == "d6tui.ui.dungeon.screen:DungeonScreen"
    rules = entry.definition()
    assert [f.name for f in rules.options] == ["players", "vs_computer"]
    assert rules.options[1].kind == "bool"


def test_undo_after_the_end_is_refused_from_the_command_line(
        isolated: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """The end shows both sides: ``d6tui play FILE undo`` says why it cannot go back."""
    from tests.dungeon.helpers import play
    from tests.dungeon.test_rules import _ben_idles, _route_for_ana

    code, out, err = run(capsys, "new", "dungeon", "--players", "Ana,Ben", "--seed", "1",
                         "--no-open")
    assert code == 0, err
    path = Path(out.strip())
    s = Session.load(path)
    _route_for_ana(s)
    play(s, "claim")
    _ben_idles(s)
    assert s.state.over
    code, out, err = run(capsys, "play", str(path), "undo")
    assert code != 0 and "both sides of the waffle have been shown" in err
    assert len(err.strip().splitlines()) == 1
    assert Session.load(path).state.over


def test_moves_names_what_each_orientation_means(isolated: dict[str, Path],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """``d6tui moves`` labels a short list of values (the quarter turns), not the holes."""
    code, out, err = run(capsys, "new", "dungeon", "--players", "Ana,Ben", "--seed", "2",
                         "--no-open")
    path = Path(out.strip())
    run(capsys, "play", str(path), "draw", "--dice", "blue")
    run(capsys, "play", str(path), "roll", "--dice", "orc")
    code, out, _ = run(capsys, "moves", str(path))
    assert "0 = upright, 1 = a quarter turn clockwise, 2 = upside down, " \
        "3 = a quarter turn anticlockwise" in out
    assert "A1, B1, C1" in out  # the 36 holes stay a plain list


def test_the_command_line_plays_the_computers_turn_itself(
        isolated: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """After a person's ``d6tui play`` the computer plays its turn, printed as the app shows
    it; a move for the computer's seat is refused with one line, and ``d6tui moves`` lists
    none for it."""
    code, out, err = run(capsys, "new", "dungeon", "--players", "Cy", "--vs-computer",
                         "--seed", "3", "--no-open", "--title", "vc2")
    assert code == 0, err
    path = out.strip()
    for move in ("draw", "roll", "collect"):
        code, out, err = run(capsys, "play", path, move)
        assert code == 0, err
    code, out, err = run(capsys, "play", path, "end_turn")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Cy ended the turn"
    assert any(line.startswith("Computer drew the") for line in lines)
    assert "Computer ended the turn" in lines and lines[-1].startswith("Cy's turn")
    s = Session.load(path)
    assert s.state.turn == 0 and s.state.phase == "draw"
    n = len(s.events)
    s.close()
    code, out, err = run(capsys, "play", path, "draw", "--seat", "Computer",
                         "--dice", "bag=yellow")
    assert code == 2 and err.count("\n") == 1 and "Computer is the computer's seat" in err
    assert len(Session.load(path).events) == n  # nothing was made
    code, out, _ = run(capsys, "moves", path, "--seat", "2")
    assert code == 0 and "Computer is the computer's seat" in out and "  draw" not in out
    code, out, _ = run(capsys, "moves", path, "--seat", "2", "--json")
    assert json.loads(out) == []
    # undo goes by the person's turn: the computer's whole turn and Cy's end of turn
    code, out, err = run(capsys, "play", path, "undo")
    assert code == 0, err
    s = Session.load(path)
    assert s.state.turn == 0 and s.state.phase == "after"


def test_a_save_waiting_for_the_computer_gets_its_moves_first(
        isolated: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """Left at the computer's turn by another writer: ``play`` lets the computer play, and
    the typed move (meant for a turn that has passed) is not made."""
    code, out, _ = run(capsys, "new", "dungeon", "--players", "Cy", "--vs-computer",
                       "--seed", "3", "--no-open")
    path = out.strip()
    s = Session.load(path)
    from tests.dungeon.helpers import end, give

    give(s, "red", "sword")
    end(s)  # Cy's turn ended with no one to run the computer
    assert s.state.turn == 1
    s.close()
    code, out, err = run(capsys, "play", path, "draw")
    assert code == 2 and "the computer's: it has played it" in err
    assert "Computer ended the turn" in out
    s = Session.load(path)
    assert s.state.turn == 0 and s.state.phase == "draw"


def test_the_last_turn_may_not_lower_what_the_claimed_route_scores(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """End of the Game: in the last turn the other player may do nothing to disrupt the
    claimed route, its detours included: a Turn that shuts the Treasure Chamber of Ann's
    side passage (C1) away is refused, though her crossing stays whole; a Turn elsewhere
    is not. The position was played through ``d6tui play`` by a tester."""
    import shutil

    from d6tui.games.dungeon.scorer import best_route

    path = tmp_path / "last-turn.toml"
    fixture = FIXTURES / "dungeon-last-turn.toml"
    shutil.copy(fixture, path)
    for move in (["claim"], ["draw", "--dice", "blue"], ["roll", "--dice", "turn"],
                 ["collect"]):
        code, _out, err = run(capsys, "play", str(path), *move)
        assert code == 0, err
    def ann_scores() -> int:
        state = Session.load(path).state
        return best_route(state.side(0), state.budget(0), 5).points

    before = ann_scores()
    code, _out, err = run(capsys, "play", str(path), "cast_turn", "--choice", "hole=C1",
                          "--choice", "turns=2")
    assert code == 2 and "it would score less" in err
    code, _out, err = run(capsys, "play", str(path), "cast_turn", "--choice", "hole=E3",
                          "--choice", "turns=2")
    assert code == 0, err
    assert ann_scores() == before


def test_a_claim_edited_to_stand_without_a_route_is_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A save whose waffle was edited by hand so that a standing claim has no route behind
    it is refused as damaged (one line, exit 2), not played on with the claim ending the
    game ("End of the Game": d6tui checks a claim as it is made)."""
    fixture = FIXTURES / "dungeon-forged-claim.toml"
    code, _out, err = run(capsys, "replay", str(fixture))
    assert code == 2 and "the claim stands, but Ann has no complete route here" in err
