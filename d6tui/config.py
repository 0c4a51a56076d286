"""The user's configuration: a small TOML file in the config dir, saved atomically."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import tomli_w

from d6tui.engine.log import write_atomic
from d6tui.paths import config_dir


@dataclass(frozen=True)
class Config:
    """What d6tui remembers between runs.

    Attributes:
        theme: the name of the chosen theme.
        keymap: key overrides by binding id (``{"shooter.roll": "space"}``), for
            ``App.set_keymap``.
    """

    theme: str = "d6-dark"
    keymap: dict[str, str] = field(default_factory=dict)


def config_path() -> Path:
    """The config file: ``<config dir>/config.toml``."""
    return config_dir() / "config.toml"


def load_config() -> tuple[Config, str | None]:
    """Read the config file.

    Returns:
        ``(config, problem)``: defaults for anything missing; ``problem`` is a message when
        the file exists but could not be read (the defaults are used and the file is kept).
    """
    path = config_path()
    if not path.exists():
        return Config(), None
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        return Config(), f"{path}: could not read the config ({e}); using defaults"
    theme = data.get("theme")
    keymap = data.get("keymap", {})
    cfg = Config(
        theme=theme if isinstance(theme, str) else Config.theme,
        keymap={str(k): str(v) for k, v in keymap.items()} if isinstance(keymap, dict) else {},
    )
    return cfg, None


def save_config(cfg: Config) -> None:
    """Write the config file (temp file, fsync, rename).

    Raises:
        LogError: the file could not be written.
    """
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, tomli_w.dumps(asdict(cfg)))


@contextmanager
def update_config() -> Iterator[list[Config]]:
    """Change the config in one place: ``with update_config() as box: box[0] = replace(...)``;
    saved on exit."""
    cfg, _ = load_config()
    box = [cfg]
    yield box
    save_config(box[0])


__all__ = ["Config", "load_config", "save_config", "update_config", "config_path", "replace"]
