"""A Textual stylesheet whose parsed CSS is kept for the whole process: :class:`SharedStylesheet`.

Textual parses CSS into rule sets once per stylesheet, and makes a new stylesheet, with an
empty cache, at every ``reparse``: at the app's start, and again whenever a screen whose
class brings CSS of its own (a game screen, the first dialog, the help) is first shown, and
whenever the theme changes. Each reparse parsed all the CSS of the app afresh (every widget's
default CSS and every ``.tcss`` file loaded so far), about 8 ms each time at 80x24, though
only the new file was new. :class:`SharedStylesheet` keeps the rule sets parsed from a piece
of CSS under that CSS's text, where it was read from, its place in the cascade and the CSS
variables it was parsed with (the theme's colours are put in at parse time), for the process:
a reparse parses only CSS not parsed before with these variables, and a second app in the
same process (a test, a bench) parses nothing it has parsed already.

Rule sets are not changed once parsed (Textual reads them to style the nodes), so the same
ones can serve several stylesheets.
"""

from __future__ import annotations

from collections import OrderedDict

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

#: How many parsed pieces of CSS are kept (each theme's variables make their own).
KEEP = 2048

#: (variables' number, css, read from, default CSS, tie breaker, scope) -> rule sets.
_PARSED: OrderedDict[tuple, list[RuleSet]] = OrderedDict()
#: Each set of CSS variables seen, as a number (a short part of the keys of ``_PARSED``).
_VARIABLES: dict[tuple[tuple[str, str], ...], int] = {}


class SharedStylesheet(Stylesheet):
    """A Stylesheet that reads parsed rule sets from, and keeps them in, a cache shared by
    every SharedStylesheet of the process (module docstring). It parses, and fails on bad
    CSS, as Textual's Stylesheet does."""

    _variables_number: int | None = None

    def _variables_key(self) -> int:
        if self._variables_number is None:
            items = tuple(sorted(self._variables.items()))
            self._variables_number = _VARIABLES.setdefault(items, len(_VARIABLES))
        return self._variables_number

    def set_variables(self, variables: dict[str, str]) -> None:
        """Set the CSS variables (CSS is then parsed with them, or found parsed with them)."""
        super().set_variables(variables)
        self._variables_number = None

    def _parse_rules(self, css: str, read_from: tuple[str, str], is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
        key = (self._variables_key(), css, read_from, is_default_rules, tie_breaker, scope)
        found = _PARSED.get(key)
        if found is not None:
            _PARSED.move_to_end(key)
            return found
        rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
        _PARSED[key] = rules
        if len(_PARSED) > KEEP:
            _PARSED.popitem(last=False)
        return rules

    def reparse(self) -> None:
        """Parse the sources again, with the variables now (Textual's ``reparse``, with the
        parsed CSS looked up in the shared cache).

        Raises:
            StylesheetError: the CSS could not be read.
            StylesheetParseError: the CSS is invalid.
        """
        # As Textual does: in a fresh stylesheet, so that an error leaves this one whole.
        stylesheet = SharedStylesheet(variables=self._variables)
        for read_from, (css, is_defaults, tie_breaker, scope) in self.source.items():
            stylesheet.add_source(css, read_from=read_from, is_default_css=is_defaults,
                                  tie_breaker=tie_breaker, scope=scope)
        try:
            stylesheet.parse()
        except Exception:
            self._invalid_css.update(stylesheet._invalid_css)
            raise
        self._rules = stylesheet.rules
        self._rules_map = None
        self.source = stylesheet.source
        self._require_parse = False
