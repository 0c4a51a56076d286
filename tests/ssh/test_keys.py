"""Authorized keys with a name each, adding keys, and the host key (d6tui.server.keys)."""

from __future__ import annotations

import stat

import asyncssh
import pytest

from d6tui.server.keys import (
    AuthorizedKeys,
    KeyFileError,
    add_key,
    check_name,
    host_key,
    parse_authorized_keys,
)


def _pub(tmp_path, name="k"):
    key = asyncssh.generate_private_key("ssh-ed25519")
    path = tmp_path / f"{name}.pub"
    path.write_bytes(key.export_public_key("openssh"))
    return key, path


def _line(key, comment=""):
    return key.export_public_key("openssh").decode().split()[0:2] + ([comment] if comment else [])


def test_a_key_is_named_by_its_comment(tmp_path):
    a = asyncssh.generate_private_key("ssh-ed25519")
    b = asyncssh.generate_private_key("ecdsa-sha2-nistp256")
    text = "# players\n\n" + " ".join(_line(a, "alice")) + "\n" + " ".join(_line(b, "bob"))
    keys, problems = parse_authorized_keys(text)
    assert [(k.name, k.line) for k in keys] == [("alice", 3), ("bob", 4)]
    assert keys[0].blob == a.public_data
    assert problems == []


@pytest.mark.parametrize("line, problem", [
    ("ssh-ed25519", "line 1: not a key"),
    ("ssh-ed25519 AAAAnotbase64", "line 1: not a key (options before the key are not supported)"),
    ('from="10.0.0.1" ssh-ed25519 AAAA alice', "line 1: not a key (options before"),
])
def test_bad_lines_are_skipped_with_a_line_each(line, problem):
    keys, problems = parse_authorized_keys(line)
    assert keys == []
    assert len(problems) == 1 and problems[0].startswith(problem)


def test_a_key_without_a_name_or_with_a_bad_one_is_skipped():
    a = asyncssh.generate_private_key("ssh-ed25519")
    keys, problems = parse_authorized_keys(
        " ".join(_line(a)) + "\n" + " ".join(_line(a, "../root")))
    assert keys == []
    assert problems == ["line 1: the key has no name (add one after it)",
                        "line 2: '../root' is not a usable name"]


def test_a_key_listed_twice_keeps_its_first_name():
    a = asyncssh.generate_private_key("ssh-ed25519")
    keys, problems = parse_authorized_keys(
        " ".join(_line(a, "alice")) + "\n" + " ".join(_line(a, "mallory")))
    assert [k.name for k in keys] == ["alice"]
    assert problems == ["line 2: this key is already listed for alice"]


def test_unknown_keys_get_no_name_and_the_file_is_read_again_when_it_changes(tmp_path):
    path = tmp_path / "authorized_keys"
    keys = AuthorizedKeys(path)
    alice, alice_pub = _pub(tmp_path, "alice")
    eve = asyncssh.generate_private_key("ssh-ed25519")
    assert keys.name_of(alice) is None and len(keys) == 0  # no file: nobody
    add_key(path, alice_pub, "alice")
    assert keys.name_of(alice) == "alice"
    assert keys.name_of(eve) is None


def test_add_key_writes_name_and_mode_and_refuses_repeats(tmp_path):
    path = tmp_path / "cfg" / "authorized_keys"
    key, pub = _pub(tmp_path)
    said = add_key(path, pub, "alice")
    assert said.startswith("added ssh-ed25519 key SHA256:")
    assert said.endswith(f"for alice to {path}")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text().split()[2] == "alice"
    with pytest.raises(KeyFileError, match="already in .* for alice"):
        add_key(path, pub, "bob")
    with pytest.raises(KeyFileError, match="no such file"):
        add_key(path, tmp_path / "missing.pub", "bob")
    (tmp_path / "junk.pub").write_text("hello")
    with pytest.raises(KeyFileError, match="not an OpenSSH public key"):
        add_key(path, tmp_path / "junk.pub", "bob")


@pytest.mark.parametrize("name", ["", "a b", "-x", "é", "x" * 33, "../a", "a/b"])
def test_bad_names_are_refused(name):
    with pytest.raises(KeyFileError, match="not a usable name"):
        check_name(name)


def test_the_host_key_is_made_once_and_kept_private(tmp_path):
    first = host_key(tmp_path / "cfg")
    path = tmp_path / "cfg" / "ssh_host_ed25519_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert host_key(tmp_path / "cfg").public_data == first.public_data
    path.write_text("garbage")
    with pytest.raises(KeyFileError, match="cannot read the host key"):
        host_key(tmp_path / "cfg")
