"""The test workers' shared CSS parse (tests/shared_css.py): the same text with the same
variables is parsed once for every stylesheet; other variables parse anew."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

from tests import shared_css

CSS = "Label { color: $accent; }"


def _rules(variables: dict[str, str]) -> list:
    sheet = Stylesheet(variables=variables)
    sheet.add_source(CSS, read_from=("test_shared_css", "CSS"))
    return sheet.rules


def test_same_text_and_variables_share_rules_other_variables_do_not() -> None:
    shared_css.install()
    shared_css.install()  # twice is once
    first = _rules({"accent": "red"})
    assert _rules({"accent": "red"})[0] is first[0]
    other = _rules({"accent": "blue"})
    assert other[0] is not first[0]
    assert str(other[0].styles.color) != str(first[0].styles.color)
