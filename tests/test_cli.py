"""The command line: each sub-command's output, and one-line errors with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine.session import Session
from d6tui.games.shooter.bot import play_game


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:  # argparse exits for usage errors and --version
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_roll_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "3d6+2", "--times", "4", "--seed", "9", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["notation"] == "3d6+2"
    assert len(data["rolls"]) == 4
    for r in data["rolls"]:
        assert len(r["faces"]) == 3 and all(1 <= f <= 6 for f in r["faces"])
        assert r["total"] == sum(r["faces"]) + 2
    again = json.loads(run(capsys, "roll", "3d6+2", "--times", "4", "--seed", "9", "--json")[1])
    assert again == data


def test_roll_text_and_d100(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "d100", "--seed", "1")
    assert code == 0 and out.startswith("1d100: ")
    total = int(out.rsplit("=", 1)[1])
    assert 1 <= total <= 100


def test_roll_wild_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "--wild", "4D+2", "--times", "50", "--seed", "2", "--json")
    assert code == 0
    for r in json.loads(out)["rolls"]:
        assert len(r["faces"]) == 3
        assert all(w == 6 for w in r["wild"][:-1]) and r["wild"][-1] != 6  # explodes on 6 only
        assert r["total"] == sum(r["faces"]) + sum(r["wild"]) + 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["roll", "3x6"], "not dice notation"),
        (["roll", "d7"], "there is no d7"),
        (["roll", "2d6", "--times", "0"], "between 1 and 10000"),
        (["roll", "2d6", "--seed", "abc"], "not a whole number"),
        (["roll", "--wild", "xD"], "not a die code"),
        (["nonsense"], "invalid choice"),
        (["replay", "/no/such/file.toml"], "no such file"),
        (["open", "/no/such/file.toml"], "no such file"),
        (["new", "chess"], "there is no game 'chess'"),
        (["new", "shooter", "--players", "Solo"], "2 to 4 players"),
        (["new", "shooter", "--players", "A,B", "--seed", "99999999999999999999"],
         "a seed runs from 0"),
        (["roll", "3d6+999999999999"], "a modifier runs from -1000 to +1000"),
        (["list", "--theme", "bogus"], "there is no theme 'bogus'; the themes are: d6-"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str, tmp_path: Path
) -> None:
    code, out, err = run(capsys, *argv, "--saves", str(tmp_path))
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert out == ""


def test_replay_json_gives_the_winner(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    played = play_game(["Ann", "Bob", "Cy"], seed=3)
    s = Session.new("shooter", {"players": ["Ann", "Bob", "Cy"], "seed": 3}, path=path)
    for ev in played.events[1:]:
        payload = {k: v for k, v in ev.items() if k not in ("seq", "at")}
        s._record(payload)
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["over"] is True
    assert data["winner"] == played.rules.to_json(played.state)["winner"]
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "Marshal" in out


def test_list_and_damaged_saves(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    Session.new("shooter", {"players": ["Ann", "Bob"]}, path=tmp_path / "a.toml",
                title="Duel").close()
    (tmp_path / "b.toml").write_text("not = [a save\n")
    code, out, _ = run(capsys, "list", "--saves", str(tmp_path))
    assert code == 0
    lines = out.splitlines()
    assert any(line.startswith("a.toml\tD6 Shooter\tDuel\t") for line in lines)
    assert any(line.startswith("b.toml\t") and "damaged" in line for line in lines)


def test_recover_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    s = Session.new("shooter", {"players": ["Ann", "Bob"], "seed": 1}, path=path)
    from d6tui.games.shooter.bot import choose

    for _ in range(5):
        a, answers = choose(s.state)
        s.do(a.command, dice=s.dice, **answers)
    s.close()
    path.write_bytes(path.read_bytes()[:-30])
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "ends in the middle of event 6" in err
    code, out, _ = run(capsys, "recover", str(path))
    assert code == 0 and "kept 5 complete events" in out
    assert Session.load(path).events[-1]["seq"] == 5


def test_recover_keeps_the_events_before_bytes_not_utf8(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Junk that is not UTF-8 after the last event is a damaged end like any other."""
    path = tmp_path / "g.toml"
    Session.new("shooter", {"players": ["Ann", "Bob"], "seed": 1}, path=path).close()
    whole = path.read_bytes()
    path.write_bytes(whole + b"\x9d\xff junk\n")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "after event 1 the file holds text that is not an event" in err
    code, out, err = run(capsys, "recover", str(path))
    assert code == 0, err
    assert out.startswith(f"kept 1 complete event in {path}; the damaged file was copied to ")
    assert path.read_bytes() == whole
    assert list(tmp_path.glob("g.toml.damaged-*"))


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("d6tui ")


def test_export_markdown(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    s = Session.new("shooter", {"players": ["Ann", "Bob"], "seed": 4}, path=path, title="Duel")
    from d6tui.games.shooter.bot import choose

    for _ in range(6):
        a, answers = choose(s.state)
        s.do(a.command, dice=s.dice, **answers)
    s.undo()
    s.close()
    code, out, _ = run(capsys, "export", str(path), "--format", "markdown")
    assert code == 0
    assert out.startswith("# Duel\n")
    assert "~~" in out and "(undone)" in out
    assert out.count("\n1. ") == 1 and "\n8. undid #7" in out
    code, out, _ = run(capsys, "export", str(path), "-o", str(tmp_path / "duel.md"))
    assert code == 0 and (tmp_path / "duel.md").read_text().startswith("# Duel")


@pytest.mark.parametrize("content", [b"just some text\n", b"", b"\x00\x01\x02",
                                     b'[other]\nkey = 1\n'])
def test_open_refuses_a_file_that_is_not_a_save(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "x.toml"
    path.write_bytes(content)
    code, out, err = run(capsys, "open", str(path))
    assert code == 2 and err.count("\n") == 1 and str(path) in err


def test_open_refuses_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "open", str(tmp_path))
    assert code == 2 and "folder" in err


@pytest.mark.parametrize("argv", [["roll", "--wild", "-1D"], ["roll", "--wild", "--", "-1D"],
                                  ["roll", "-2D+1", "--wild", "--seed", "3"]])
def test_roll_wild_reads_a_negative_code(capsys: pytest.CaptureFixture[str],
                                         argv: list[str]) -> None:
    # argparse took "-1D" for an option and asked for the notation; now the code is read,
    # and the wild-die rules say why it cannot be rolled.
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "has no dice to roll" in err
    assert "required" not in err and "unrecognized" not in err


def test_roll_wild_code_with_a_minus_pip_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "--wild", "3D-1", "--seed", "1", "--json")
    assert code == 0
    assert json.loads(out)["notation"] == "2D+2"


def test_a_save_named_alone_is_found_in_the_saves_folder(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``d6tui export --saves DIR NAME.toml`` (and replay) find NAME.toml in DIR when the
    working folder has no such file; a name found nowhere is still one line, exit 2."""
    import shutil

    saves = tmp_path / "saves"
    saves.mkdir()
    example = Path(__file__).resolve().parents[1] / "saves" / "simple-six-example.toml"
    shutil.copy(example, saves / "campaign.toml")
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    code, out, _ = run(capsys, "export", "--saves", str(saves), "campaign.toml",
                       "--format", "markdown")
    assert code == 0 and out.startswith("# The King's Road")
    code, out, _ = run(capsys, "replay", "--saves", str(saves), "campaign.toml", "--json")
    assert code == 0 and json.loads(out)["title"] == "The King's Road"
    code, _, err = run(capsys, "replay", "--saves", str(saves), "nothing.toml")
    assert code == 2 and "no such file" in err


def test_view_numbers_the_seat_as_the_cli_does(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    """``--seat 4`` is the fourth seat, and ``view --json`` says 4 (not the 0-based 3)."""
    code, out, err = run(capsys, "new", "d6_board", "--players", "Ann,Bob,Cid,Dee",
                         "--seed", "3", "--saves", str(tmp_path), "--no-open")
    assert code == 0, err
    path = out.strip()
    code, out, _ = run(capsys, "view", path, "--seat", "4", "--json")
    seen = json.loads(out)
    assert seen["seat"] == 4 and seen["seat_name"] == "Dee"
    code, out, _ = run(capsys, "view", path, "--seat", "Ann", "--json")
    assert json.loads(out)["seat"] == 1
    code, out, _ = run(capsys, "view", path, "--seat", "spectator", "--json")
    assert json.loads(out)["seat"] is None


@pytest.mark.parametrize(("flag", "value", "mode"), [
    ("--companion", "bird", "solo"), ("--team-cards", "shared", "alliance"),
    ("--specialty", "advanced", "solo or coop"),
])
def test_an_option_of_another_mode_is_refused(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path, flag: str, value: str,
                                              mode: str) -> None:
    code, out, err = run(capsys, "new", "d6_board", "--players", "Ann,Bob", flag, value,
                         "--saves", str(tmp_path), "--no-open")
    assert code == 2 and err.count("\n") == 1
    assert f"belongs to the {mode} mode, not standard" in err
    assert not list(tmp_path.glob("*.toml"))


def test_moves_json_numbers_seats_as_seat_and_view_do(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    """At Ben's turn, ``moves --json`` says seat 2 as ``view --seat Ben`` does; a move
    played for the wrong seat says whose turn it is."""
    code, out, err = run(capsys, "new", "dungeon", "--players", "Ana,Ben", "--seed", "1",
                         "--saves", str(tmp_path), "--no-open")
    assert code == 0, err
    path = out.strip()
    ana = json.loads(run(capsys, "moves", path, "--json")[1])
    assert {m["seat"] for m in ana} == {1}
    while True:  # play Ana's turn through with the first move each time
        view = json.loads(run(capsys, "view", path, "--seat", "Ben", "--json")[1])
        moves = json.loads(run(capsys, "moves", path, "--json")[1])
        if moves[0]["seat"] == 2:
            break
        move = moves[0]
        picks = [f"{n}={c['values'][0]}" for n, c in move["choices"].items() if c["min"]]
        argv = ["play", path, move["id"]] + [a for p in picks for a in ("--choice", p)]
        assert run(capsys, *argv)[0] == 0
    assert view["seat"] == 2
    code, _, err = run(capsys, "play", path, moves[0]["id"], "--seat", "1")
    assert code == 2 and err.count("\n") == 1
    assert "it is Ben's turn (seat 2)" in err


def test_new_without_a_game_names_the_games_and_flags_show_their_kind(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``d6tui new --saves DIR`` lists the games (no internal argument names); flag
    placeholders come from the field's kind, not its label."""
    code, _, err = run(capsys, "new", "--saves", str(tmp_path))
    assert code == 2 and "name a game: d6_board" in err and "rest" not in err
    code, out, _ = run(capsys, "new", "tales", "--help")
    assert "--name TEXT" in out and "--race dwarf|elf|human|hobbit" in out
    assert "HERO'S_NAME" not in out
    code, out, _ = run(capsys, "new", "d6_board", "--help")
    assert "--team-cards hidden|shared" in out and "--players NAME,NAME" in out


def test_dice_for_a_move_that_rolls_none(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """``--dice`` on a move that rolls no dice says so in plain words and records nothing."""
    path = tmp_path / "a.toml"
    Session.new("shooter", {"players": ["Ann", "Bob"], "seed": 2}, path=path).close()
    before = path.read_bytes()
    code, _, err = run(capsys, "play", str(path), "draw", "--dice", "7 7")
    assert code == 2
    assert err.strip() == ("d6tui: 'draw' rolls no dice, so there is nothing for --dice to "
                           "give; make it without --dice")
    assert path.read_bytes() == before
