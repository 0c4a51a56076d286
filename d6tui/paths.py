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
