"""SharedStylesheet (d6tui/ui/stylesheet.py): parsed CSS is kept for the process, under the
CSS and the variables it was parsed with."""

from __future__ import annotations

import pytest
from textual.css.stylesheet import StylesheetParseError

from d6tui.ui.stylesheet import SharedStylesheet

CSS = "Static { color: $accent; }"


def _rules(variables: dict[str, str], css: str = CSS) -> list:
    sheet = SharedStylesheet(variables=variables)
    sheet.add_source(css, read_from=("test", "CSS"))
    return sheet.rules


def test_a_second_stylesheet_takes_the_parsed_rules() -> None:
    """The same CSS with the same variables is parsed once, in another stylesheet too."""
    first = _rules({"accent": "red"})
    again = _rules({"accent": "red"})
    assert len(first) == 1 and again[0] is first[0]


def test_other_variables_parse_again() -> None:
    """Variables are put in at parse time: a new value gives new rules with that value."""
    red = _rules({"accent": "red"})[0]
    blue = _rules({"accent": "blue"})[0]
    assert blue is not red
    assert red.styles.color != blue.styles.color


def test_reparse_with_new_variables() -> None:
    """A theme change (set_variables, then reparse) gives the rules of the new values."""
    sheet = SharedStylesheet(variables={"accent": "red"})
    sheet.add_source(CSS, read_from=("test", "CSS"))
    red = sheet.rules[0]
    sheet.set_variables({"accent": "green"})
    sheet.reparse()
    assert sheet.rules[0].styles.color != red.styles.color
    assert sheet.rules[0] is _rules({"accent": "green"})[0]


def test_bad_css_still_fails_every_time() -> None:
    """CSS with errors is refused as Textual refuses it, from the cache as well."""
    for _ in range(2):
        with pytest.raises(StylesheetParseError):
            _rules({}, "Static { colour: red; }")
