"""A table's header keeps "table CODE, seat" whole at any width; the title gives way first
(d6tui.ui.screens.game.fit_header)."""

from __future__ import annotations

from rich.cells import cell_len

from d6tui.ui.screens.game import HEADER_SIDES, fit_header

TITLE = "D6 hunting season: Annabelle, Bartholomew, Cyprianus, Dorothea"
STATUS = "Round 3: Bartholomew's turn, move or hunt"
TABLE = "table MF62, Bartholomew (seat 2)"


def test_the_whole_line_when_it_fits():
    assert fit_header("Duel", "Ana to move", TABLE, 200) == ("Duel", f"Ana to move \u2014 {TABLE}")


def test_a_long_title_is_shortened_and_the_table_part_kept_at_100_columns():
    width = 100 - HEADER_SIDES
    status = "Round 3: Bartholomew to move"
    title, sub = fit_header(TITLE, status, TABLE, width)
    assert sub == f"{status} \u2014 {TABLE}"
    assert title.endswith("\u2026") and TITLE.startswith(title[:-1])
    assert cell_len(f"{title} \u2014 {sub}") <= width


def test_at_80_columns_the_status_gives_way_too_never_the_table_part():
    width = 80 - HEADER_SIDES
    title, sub = fit_header(TITLE, STATUS, TABLE, width)
    assert sub.endswith(" \u2014 " + TABLE)
    assert cell_len(f"{title} \u2014 {sub}") <= width
    assert title.endswith("\u2026") and cell_len(title) >= 10  # still reads as the title
