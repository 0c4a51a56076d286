"""Themes: the ``themes/*.toml`` shipped with d6tui plus the user's ``<config dir>/themes``.

A theme file holds the fields of :class:`textual.theme.Theme` (``name``, ``primary``,
``background``, ``dark``...) and a ``[variables]`` table for d6tui's own CSS variables
(``die-face``, ``suit-red``...). Files that cannot be read are reported, never fatal.
"""

from __future__ import annotations

import tomllib
from dataclasses import fields
from pathlib import Path

from textual.theme import BUILTIN_THEMES, Theme

from d6tui.paths import config_dir

#: The theme used when the config names none (or one that is gone).
DEFAULT_THEME = "d6-dark"

#: Defaults of d6tui's own theme variables, so Textual's built-in themes work too.
VARIABLE_DEFAULTS: dict[str, str] = {
    "die-face": "white",
    "die-pip": "black",
    "suit-red": "red",
    "suit-black": "black",
    "die-joker": "magenta",
    "die-skull": "gray",
    "house-mark": "yellow",
}

_FIELDS = {f.name for f in fields(Theme)}


def shipped_themes_dir() -> Path:
    """The folder of the themes shipped with d6tui (the ``d6tui.themes`` package when
    installed, the repository's top-level ``themes/`` in a source checkout)."""
    try:
        import d6tui.themes as pkg

        return Path(pkg.__file__).parent
    except ImportError:  # pragma: no cover - a checkout run without installing
        return Path(__file__).resolve().parents[2] / "themes"


def user_themes_dir() -> Path:
    """The user's own themes: ``<config dir>/themes``."""
    return config_dir() / "themes"


def theme_from_toml(path: Path) -> Theme:
    """Read one theme file.

    Raises:
        ValueError: the file is not TOML, lacks ``name``/``primary``, has unknown keys or a
            colour Textual cannot parse. The message names the file.
    """
    from textual.color import Color, ColorParseError

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ValueError(f"{path.name}: {e}") from None
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise ValueError(f"{path.name}: unknown keys {', '.join(unknown)}")
    for key in ("name", "primary"):
        if not isinstance(data.get(key), str):
            raise ValueError(f"{path.name}: '{key}' is missing")
    variables = data.get("variables", {})
    if not isinstance(variables, dict):
        raise ValueError(f"{path.name}: [variables] must be a table")
    data["variables"] = {str(k): str(v) for k, v in variables.items()}
    for key in ("primary", "secondary", "warning", "error", "success", "accent", "foreground",
                "background", "surface", "panel", "boost"):
        value = data.get(key)
        if value is None:
            continue
        try:
            Color.parse(value)
        except ColorParseError:
            raise ValueError(f"{path.name}: '{key}' = {value!r} is not a colour") from None
    try:
        return Theme(**data)
    except (TypeError, ValueError) as e:
        raise ValueError(f"{path.name}: {e}") from None


def load_themes(user_dir: Path | None = None) -> tuple[dict[str, Theme], list[str]]:
    """Every d6tui theme: shipped ones, then the user's (which may replace a shipped one).

    Args:
        user_dir: the user's theme folder; defaults to :func:`user_themes_dir`.

    Returns:
        ``(themes by name, problems)``; each problem is one line naming a file.
    """
    themes: dict[str, Theme] = {}
    problems: list[str] = []
    folders = [shipped_themes_dir(), user_dir or user_themes_dir()]
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.toml")):
            try:
                theme = theme_from_toml(path)
            except ValueError as e:
                problems.append(str(e))
                continue
            themes[theme.name] = theme
    return themes, problems


def theme_names(themes: dict[str, Theme]) -> list[str]:
    """Every theme name the app accepts: d6tui's first, then Textual's built-in ones."""
    return list(themes) + [n for n in BUILTIN_THEMES if n not in themes]
