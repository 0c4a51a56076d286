"""Textual's CSS parsed once per test worker, not once per app.

Every Textual app parses its stylesheet (the app's, each widget class's ``DEFAULT_CSS``, each
screen's) into rule sets, and keeps them in a cache of its own that starts empty with the
app and is dropped each time the CSS variables change (the theme is set). A test worker
starts hundreds of apps with the same CSS and the same theme, so it parsed the same text
hundreds of times: about a third of a bare app start's CPU, and about a tenth of the CPU of
UI test files (user time of ``pytest -n 0`` over five of them: 35.6 and 34.8 s with each
app's own parse, 31.6 and 31.0 s shared).

:func:`install` gives ``Stylesheet._parse_rules`` a cache shared by all apps of the process,
keyed by everything Textual's own cache is keyed by plus the CSS variables the text is
parsed with, so a theme change still parses anew. The rule sets are used as Textual's own
cache uses them: the same list handed to each stylesheet that parses that text again. The
product is not changed: each ``d6tui`` process runs one app (a ``d6tui serve`` session is
a process of its own).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.css.stylesheet import Stylesheet

#: (css, location, is_default_rules, tie_breaker, scope, variables) -> the parsed rule sets.
_CACHE: dict[tuple, list[Any]] = {}
_original: Callable[..., list[Any]] | None = None


def _parse_rules(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
                 tie_breaker: int = 0, scope: str = "") -> list[Any]:
    key = (css, read_from, is_default_rules, tie_breaker, scope,
           tuple(sorted(self._variables.items())))
    rules = _CACHE.get(key)
    if rules is None:
        assert _original is not None
        rules = _original(self, css, read_from, is_default_rules, tie_breaker, scope)
        _CACHE[key] = rules
    return rules


def install() -> None:
    """Route every stylesheet's parse through the shared cache (once per process)."""
    global _original
    if _original is None:
        _original = Stylesheet._parse_rules
        Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]
