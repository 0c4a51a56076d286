"""Where d6tui keeps saves and configuration (platformdirs, overridable)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import platformdirs

APP = "d6tui"


def saves_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The save folder: ``override`` (``--saves``), else ``$D6TUI_SAVES``, else the platform's
    user data dir + ``/saves`` (``~/.local/share/d6tui/saves`` on Linux). Not created here."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get("D6TUI_SAVES")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(APP)) / "saves"


def data_dir() -> Path:
    """The data folder: ``$D6TUI_DATA``, else the platform's user data dir
    (``~/.local/share/d6tui`` on Linux). Holds ``saves/`` and, for ``d6tui serve``, the
    players' folders and the server log. Not created here."""
    env = os.environ.get("D6TUI_DATA")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(APP))


def config_dir() -> Path:
    """The config folder: ``$D6TUI_CONFIG``, else the platform's user config dir
    (``~/.config/d6tui`` on Linux). Holds ``config.toml``, ``themes/`` and content overrides."""
    env = os.environ.get("D6TUI_CONFIG")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_config_dir(APP))


def slugify(title: str) -> str:
    """A file-name-safe slug of a game title ("Saturday night!" -> "saturday-night")."""
    s = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return s[:60] or "game"


def new_save_path(folder: Path, title: str) -> Path:
    """A save path in ``folder`` for ``title`` that does not exist yet (``-2``, ``-3``...)."""
    base = slugify(title)
    path = folder / f"{base}.toml"
    n = 2
    while path.exists():
        path = folder / f"{base}-{n}.toml"
        n += 1
    return path


def user_content_file(name: str) -> Path | None:
    """The user's override of a shipped content file (``<config dir>/NAME``), if there is one
    (DESIGN "Content data": a file of the same name is merged over the shipped one)."""
    p = config_dir() / name
    return p if p.is_file() else None


def read_content(shipped: Path) -> dict:
    """A shipped content TOML file with the user's file of the same name merged over it,
    table by table (a table in the user's file replaces the shipped one).

    Raises:
        OSError, tomllib.TOMLDecodeError: a file cannot be read or is not TOML.
    """
    from d6tui.engine import toml_memo  # parsed once per text in a process

    doc = toml_memo.loads(shipped.read_text(encoding="utf-8"))
    user = user_content_file(shipped.name)
    if user is not None:
        doc.update(toml_memo.loads(user.read_text(encoding="utf-8")))
    return doc
