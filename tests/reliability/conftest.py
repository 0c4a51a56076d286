"""Fault-injection tests: each family counts the cases it tried and the ones that passed, and
the counts are printed at the end of the run ("reliability: FAMILY tried/passed")."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

import pytest

#: family -> [tried, passed], over the whole run.
TALLY: dict[str, list[int]] = defaultdict(lambda: [0, 0])


@pytest.fixture
def tally() -> Callable[[str, bool], None]:
    """``tally(family, passed)`` counts one case of a fault family."""

    def count(family: str, passed: bool) -> None:
        TALLY[family][0] += 1
        TALLY[family][1] += bool(passed)

    return count


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print each family's tried/passed counts (with xdist, each worker's are summed by the
    controller only when run in one process; run ``-p no:xdist`` for one table)."""
    if not TALLY:
        return
    terminalreporter.section("reliability: tried / passed per fault family")
    for family, (tried, passed) in sorted(TALLY.items()):
        terminalreporter.write_line(f"{family:32} {tried:5} / {passed}")
