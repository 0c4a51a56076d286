"""The UI test fixtures (isolated folders, fixed clock, no blink) for the D6 board tests."""

from tests.ui.conftest import isolated, saves  # noqa: F401
