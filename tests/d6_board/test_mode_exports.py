"""Each mode's export speaks its own terms: Alliance shows the teams, their glory and the
winning team (Part III "Alliance"); Hide Collection shows hides, turns and the result, and
no glory ("Solo & Co-op": glory does not come into play)."""

from __future__ import annotations

import random

import pytest

from d6tui.engine.session import Session
from d6tui.games.d6_board.bot import play_out
from d6tui.games.d6_board.export import export_markdown


def test_the_alliance_export_has_the_teams_and_the_winning_team(tmp_path) -> None:  # noqa: ANN001
    s = Session.new("d6_board", {"players": ["Ann", "Bob", "Cy", "Dee"], "seed": 5,
                                 "mode": "alliance"}, path=tmp_path / "a.toml", title="t")
    play_out(s, random.Random(5))
    assert s.state.over
    text = export_markdown(s)
    assert "## Teams" in text and "| Ann and Cy |" in text and "| Bob and Dee |" in text
    team = s.state.winners[0] % 2 + 1
    assert f"Team {team} wins:" in text and f"| {team} (winners) |" in text


@pytest.mark.parametrize("mode", ["solo", "coop"])
def test_the_hide_collection_export_has_no_glory(mode: str, tmp_path) -> None:  # noqa: ANN001
    players = ["Ann"] if mode == "solo" else ["Ann", "Bob"]
    s = Session.new("d6_board", {"players": players, "seed": 7, "mode": mode},
                    path=tmp_path / "h.toml", title="t")
    play_out(s, random.Random(7))
    text = export_markdown(s).split("## Log")[0]
    assert "glory" not in text.lower()
    assert "Hides collected:" in text and "- Result: " in text


def test_hide_collection_texts_are_its_own(tmp_path) -> None:  # noqa: ANN001
    """The end panel, the status and the help of a solo game speak of hides and turns, one
    hunter, and no glory or season."""
    from d6tui.games.d6_board.describe import over_title, scoring, status, winner_line
    from d6tui.games.d6_board.table_tools import kind_label
    from d6tui.ui.d6_board.help import GLORY_GOAL, HELP, HIDE_GOAL

    s = Session.new("d6_board", {"players": ["Ann"], "seed": 7, "mode": "solo"},
                    path=tmp_path / "h.toml", title="t")
    play_out(s, random.Random(7))
    state = s.state
    words = " ".join([over_title(state), status(state), winner_line(state),
                      *scoring(state)]).lower()
    assert "glory" not in words and "season" not in words and "hunters" not in words
    assert "hides" in words and "the hunter " in words
    bounty = next(c for c in state.content["bounty"])
    assert "glory" not in kind_label(state, bounty)
    solo_help = HELP.replace(GLORY_GOAL, HIDE_GOAL)
    assert "most **glory**" not in solo_help and "15 monsters" in solo_help
