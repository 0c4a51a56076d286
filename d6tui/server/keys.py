"""Who may log in: the server's host key and the authorized keys file, with a name per key.

The authorized keys file is OpenSSH's format with the key's comment as the player's name
(``ssh-ed25519 AAAA... alice``). The name is the only identity a player has on the server:
the SSH user name the client sends is ignored, so nobody can pick someone else's name.
Option prefixes (``from=...``, ``command=...``) are refused with a line saying so, since
the server would not honour them.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

#: A player's name: letters, digits, ``_ . -``, 1-32 characters, starting with a letter or
#: digit (it names a folder under ``players/``).
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$")

HOST_KEY_NAME = "ssh_host_ed25519_key"
AUTHORIZED_KEYS_NAME = "authorized_keys"


class KeyFileError(ValueError):
    """A key file or name that cannot be used; the message is one line."""


@dataclass(frozen=True)
class AuthorizedKey:
    """One key allowed to log in.

    Attributes:
        name: the player's name (the key's comment).
        key: the public key.
        line: its line number in the file (1-based).
    """

    name: str
    key: asyncssh.SSHKey
    line: int

    @property
    def blob(self) -> bytes:
        """The key's public data, the bytes a client's key is compared with."""
        return self.key.public_data


def check_name(name: str) -> str:
    """A player's name, checked.

    Returns:
        ``name`` unchanged.

    Raises:
        KeyFileError: it is not 1-32 letters, digits, ``_ . -`` starting with a letter
            or digit.
    """
    if not NAME_RE.match(name):
        raise KeyFileError(f"'{name}' is not a usable name: use 1-32 letters, digits, _ . - "
                           "(starting with a letter or digit)")
    return name


def parse_authorized_keys(text: str) -> tuple[list[AuthorizedKey], list[str]]:
    """Read an authorized keys file.

    Args:
        text: the file's text.

    Returns:
        ``(keys, problems)``: the usable keys in file order, and one line per line that was
        skipped (no name, a bad key, options, a key listed twice).
    """
    keys: list[AuthorizedKey] = []
    problems: list[str] = []
    seen: dict[bytes, str] = {}
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) < 2:
            problems.append(f"line {n}: not a key")
            continue
        try:
            key = asyncssh.import_public_key(f"{parts[0]} {parts[1]}")
        except (asyncssh.KeyImportError, ValueError):
            problems.append(f"line {n}: not a key (options before the key are not supported)")
            continue
        if len(parts) < 3:
            problems.append(f"line {n}: the key has no name (add one after it)")
            continue
        name = parts[2]
        if not NAME_RE.match(name):
            problems.append(f"line {n}: '{name}' is not a usable name")
            continue
        if key.public_data in seen:
            problems.append(f"line {n}: this key is already listed for {seen[key.public_data]}")
            continue
        seen[key.public_data] = name
        keys.append(AuthorizedKey(name, key, n))
    return keys, problems


@dataclass
class AuthorizedKeys:
    """The authorized keys file, read again whenever it changes (so ``--add-key`` needs no
    restart).

    Args:
        path: the file; a missing file allows nobody.
    """

    path: Path
    _keys: dict[bytes, str] = field(default_factory=dict)
    _stamp: tuple[int, int] | None = None
    problems: list[str] = field(default_factory=list)

    def _reload(self) -> None:
        try:
            st = self.path.stat()
        except OSError:
            self._keys, self._stamp, self.problems = {}, None, []
            return
        stamp = (st.st_mtime_ns, st.st_size)
        if stamp == self._stamp:
            return
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            self._keys, self.problems = {}, [f"{self.path}: {e}"]
        else:
            keys, self.problems = parse_authorized_keys(text)
            self._keys = {k.blob: k.name for k in keys}
        self._stamp = stamp

    def name_of(self, key: asyncssh.SSHKey) -> str | None:
        """The name of ``key``, or None when it may not log in."""
        self._reload()
        return self._keys.get(key.public_data)

    def names(self) -> set[str]:
        """The names of every key that may log in (a table's seat named after one of them
        is kept for that player)."""
        self._reload()
        return set(self._keys.values())

    def __len__(self) -> int:
        self._reload()
        return len(self._keys)


def add_key(authorized: Path, public_key_file: Path, name: str) -> str:
    """Append a public key with a name to the authorized keys file (made, mode 0600, if
    missing).

    Args:
        authorized: the authorized keys file.
        public_key_file: an OpenSSH public key file (``id_ed25519.pub``).
        name: the player's name.

    Returns:
        A line saying what was added.

    Raises:
        KeyFileError: the name is not usable, the file is not a public key, or the key is
            already listed.
    """
    check_name(name)
    try:
        key = asyncssh.read_public_key(str(public_key_file))
    except FileNotFoundError:
        raise KeyFileError(f"{public_key_file}: no such file") from None
    except (OSError, asyncssh.KeyImportError, ValueError) as e:
        raise KeyFileError(f"{public_key_file}: not an OpenSSH public key ({e})") from None
    existing = authorized.read_text(encoding="utf-8") if authorized.exists() else ""
    for k in parse_authorized_keys(existing)[0]:
        if k.blob == key.public_data:
            raise KeyFileError(f"this key is already in {authorized}, for {k.name}")
    key.set_comment(name)
    line = key.export_public_key("openssh").decode("ascii").strip()
    authorized.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(authorized, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    with os.fdopen(fd, "a", encoding="utf-8") as f:
        if existing and not existing.endswith("\n"):
            f.write("\n")
        f.write(line + "\n")
        f.flush()
        os.fsync(f.fileno())
    return f"added {key.get_algorithm()} key {key.get_fingerprint()} for {name} to {authorized}"


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key, made on first start and kept (mode 0600) in ``folder``.

    Raises:
        KeyFileError: the key file exists but cannot be read.
    """
    path = folder / HOST_KEY_NAME
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        key = asyncssh.generate_private_key("ssh-ed25519", comment="d6tui host key")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another server made it just now
            pass
        else:
            with os.fdopen(fd, "wb") as f:
                f.write(key.export_private_key())
                f.flush()
                os.fsync(f.fileno())
            return key
    try:
        return asyncssh.read_private_key(str(path))
    except (OSError, asyncssh.KeyImportError, ValueError) as e:
        raise KeyFileError(f"{path}: cannot read the host key ({e})") from None
