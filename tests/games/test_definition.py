"""The one way a game plugs in: discovery, the options schema, moves, views and the command
line made from them (d6tui.engine.game, d6tui.engine.registry, d6tui.cli_play)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine.errors import RuleError
from d6tui.engine.game import Choice, OptionField, check_schema
from d6tui.engine.registry import GAMES_PATH_ENV, games, load_rules
from d6tui.engine.session import Session

TOY_GAMES = Path(__file__).parents[1] / "fixtures" / "games"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Toy Dice's folder on the games path, and a saves folder."""
    monkeypatch.setenv(GAMES_PATH_ENV, str(TOY_GAMES))
    monkeypatch.setenv("D6TUI_SAVES", str(tmp_path))
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_shipped_games_are_found_without_a_list() -> None:
    slugs = [g.slug for g in games()]
    assert {"shooter", "simple_six", "tales"} <= set(slugs)
    assert slugs == sorted(slugs)


def test_a_game_added_as_one_folder_is_found_and_played_from_the_command_line(
        toy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "toy_dice" in [g.slug for g in games()]
    code, out, _ = run(capsys, "list")  # no saves yet: the game is listed among the games
    assert code == 0 and "no saves in" in out
    games_part = out.split("Games (d6tui new GAME):\n", 1)[1]
    assert "  toy_dice\tToy Dice\n" in games_part and "  dungeon\tD6 Dungeon\n" in games_part
    code, out, _ = run(capsys, "new", "toy_dice", "--players", "Ann,Bob", "--target", "12",
                       "--seed", "3", "--no-open")
    assert code == 0
    path = Path(out.strip())
    assert path.parent == toy and path.exists()
    code, out, _ = run(capsys, "list")
    assert "Toy Dice" in out
    code, out, _ = run(capsys, "moves", str(path), "--json")
    moves = json.loads(out)
    assert [m["id"] for m in moves] == ["roll"]
    assert moves[0]["dice"][0]["notation"] == "1d6"
    code, out, _ = run(capsys, "play", str(path), "roll", "--dice", "5")
    assert code == 0 and "Ann rolled 5" in out
    code, out, _ = run(capsys, "moves", str(path), "--json")
    assert [m["id"] for m in json.loads(out)] == ["roll", "hold", "undo"]
    code, out, _ = run(capsys, "play", str(path), "hold")
    assert "Ann banked 5 (had 0)" in out  # describe(event, state_before)
    code, out, _ = run(capsys, "view", str(path), "--seat", "Bob", "--json")
    view = json.loads(out)
    assert view["seat"] == 2 and view["seat_name"] == "Bob" and view["state"]["banked"] == [5, 0]
    code, out, _ = run(capsys, "play", str(path), "undo")
    assert code == 0 and Session.load(path).state.banked == (0, 0)


@pytest.mark.parametrize(("argv", "words"), [
    (("new", "toy_dice", "--players", "Ann", "--no-open"), "from 2 to 4 names"),
    (("new", "toy_dice", "--players", "Ann,Bob", "--target", "500", "--no-open"),
     "Target runs from 5 to 100"),
    (("new", "toy_dice", "--players", "Ann,Bob", "--target", "many", "--no-open"),
     "not a whole number"),
    (("new", "toy_dice", "--no-open"), "Players is needed (--players)"),
    (("new", "no_such_game"), "there is no game 'no_such_game'"),
    (("new", "toy_dice", "--players", "An\x1ba,Bob", "--no-open"),
     "a name cannot hold control characters"),
    (("new", "toy_dice", "--players", "Ann,Bob", "--title", "evil\x1b[2J", "--no-open"),
     "a title cannot hold control characters"),
    (("new", "toy_dice", "--players", "Ann,Bob", "--title", "x" * 101, "--no-open"),
     "a title has at most 100 characters"),
])
def test_bad_new_game_flags_are_one_line(toy: Path, capsys: pytest.CaptureFixture[str],
                                         argv: tuple[str, ...], words: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1
    assert not list(toy.glob("*.toml"))


def test_bad_moves_are_one_line(toy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "new", "toy_dice", "--players", "Ann,Bob", "--no-open")
    path = out.strip()
    for argv, words in [
        (("play", path, "hold"), "'hold' is not a legal move now"),
        (("play", path, "roll", "--dice", "7"), "not a face of a d6"),
        (("play", path, "roll", "--choice", "x=1"), "has no choice x"),
        (("moves", path, "--seat", "Zed"), "there is no seat 'Zed'"),
    ]:
        code, _, err = run(capsys, *argv)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1, argv
    assert len(Session.load(Path(path)).events) == 1  # nothing was recorded


def test_every_shipped_game_starts_from_the_command_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("D6TUI_SAVES", str(tmp_path))
    flags = {"shooter": ["--players", "Ana,Ben"], "tales": ["--race", "elf", "--name", "Bo"],
             "simple_six": []}
    for slug, extra in flags.items():
        code, out, err = run(capsys, "new", slug, *extra, "--seed", "1", "--no-open")
        assert code == 0, err
        path = out.strip()
        code, out, err = run(capsys, "moves", path, "--json")
        assert code == 0, err
        assert isinstance(json.loads(out), list)


def test_a_shooter_game_is_played_by_its_move_ids(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("D6TUI_SAVES", str(tmp_path))
    _, out, _ = run(capsys, "new", "shooter", "--players", "Ana,Ben", "--seed", "2",
                    "--no-open")
    path = out.strip()
    for _ in range(10):  # an event card may come first: draw again until a bandit
        assert run(capsys, "play", path, "draw")[0] == 0
        moves = json.loads(run(capsys, "moves", path, "--json")[1])
        ids = [m["id"] for m in moves]
        if "draw" not in ids:
            break
    assert "roll" in ids
    roll = moves[ids.index("roll")]
    n = roll["dice"][0]["count"]
    code, out, err = run(capsys, "play", path, "roll", "--dice", " ".join(["skull"] * n))
    assert code == 0, err
    last = Session.load(Path(path)).events[-1]
    assert last["roll"]["faces"] == ["skull"] * n and last["roll"]["source"] == "table"


def test_the_toy_game_in_memory_keeps_the_engine_contract(toy: Path) -> None:
    rules = load_rules("toy_dice")
    s = Session.new(rules, {"players": ["Ann", "Bob"], "seed": 9})
    for _ in range(200):
        moves = s.moves()
        game_moves = [m for m in moves if m.id not in ("undo", "redo")]
        if not game_moves:
            break
        s.play(game_moves[-1] if s.state.pot >= 6 else game_moves[0])
    assert rules.is_over(s.state)
    assert max(s.state.banked) >= 20


def test_the_schema_checks_each_kind_of_field() -> None:
    fields = (OptionField("n", "Count", "int", default=3, min=1, max=5),
              OptionField("mode", "Mode", "choice", default="a", choices=(("a", "A"), ("b", "B"))),
              OptionField("fast", "Fast", "bool", default=False))
    assert check_schema(fields, {}) == {"n": 3, "mode": "a", "fast": False}
    assert fields[2].parse("yes") is True
    with pytest.raises(RuleError, match="one of a, b"):
        check_schema(fields, {"mode": "c"})
    with pytest.raises(RuleError, match="runs from 1 to 5"):
        fields[0].parse("9")
    with pytest.raises(RuleError, match="a seed runs from 0"):
        check_schema(fields, {"seed": -1})


def test_choices_check_their_answers() -> None:
    one = Choice("card", "Card", (("B01", "Dell"), ("B02", "Pete")))
    many = Choice("cards", "Cards", (("B01", "Dell"), ("B02", "Pete")), min=1, max=2)
    assert one.check("B02") == "B02" and many.check(["B01", "B02"]) == ["B01", "B02"]
    for choice, answer, words in [(one, "B03", "not one of"), (one, None, "pick one"),
                                  (many, ["B01", "B01"], "picked once"), (many, [], "pick from")]:
        with pytest.raises(RuleError, match=words):
            choice.check(answer)
