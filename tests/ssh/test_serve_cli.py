"""``d6tui serve`` on the command line: bad flags and keys get one line and status 2."""

from __future__ import annotations

import socket

import asyncssh
import pytest

from d6tui.cli import main


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("D6TUI_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("D6TUI_DATA", str(tmp_path / "data"))


def _one_line(capsys):
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return err.strip()


@pytest.mark.parametrize("flags, says", [
    (["--port", "70000"], "a port runs from 0 to 65535"),
    (["--max-sessions", "0"], "must be 1 or more"),
    (["--idle-timeout", "soon"], "'soon' is not a number of seconds"),
])
def test_bad_flags(capsys, flags, says):
    with pytest.raises(SystemExit) as e:
        main(["serve", *flags])
    assert e.value.code == 2
    assert says in _one_line(capsys)


def test_add_key_and_its_refusals(tmp_path, capsys):
    pub = tmp_path / "a.pub"
    pub.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_public_key())
    assert main(["serve", "--add-key", str(pub), "alice"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("added ssh-ed25519 key SHA256:")
    assert (tmp_path / "config" / "authorized_keys").read_text().endswith(" alice\n")
    assert main(["serve", "--add-key", str(pub), "bob"]) == 2
    assert _one_line(capsys).startswith("d6tui: this key is already in ")
    assert main(["serve", "--add-key", str(tmp_path / "nope.pub"), "bob"]) == 2
    assert _one_line(capsys) == f"d6tui: {tmp_path / 'nope.pub'}: no such file"
    assert main(["serve", "--add-key", str(pub), "no/slash"]) == 2
    assert "'no/slash' is not a usable name" in _one_line(capsys)


def test_a_port_in_use_is_one_line(capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("d6tui: ") and "in use" in err[-1]
