"""The example save (``saves/d6-board-example.toml``, recorded by
``bench/record_d6_board_example.py`` through the screen) replays to the same season."""

from __future__ import annotations

from pathlib import Path

from d6tui.engine.session import Session
from d6tui.games.d6_board.state import glory

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "d6-board-example.toml"


def test_example_replays_its_glory_and_winner() -> None:
    """"The End of the Game": the replayed season ends with the recorded glory and winner."""
    s = Session.load(EXAMPLE)
    st = s.state
    assert st.over and st.round == 3 and len(st.history) == 2  # GM events between rounds
    assert [h.name for h in st.heroes] == ["Ann", "Bob", "Cy"]
    assert {h.name: glory(st, i) for i, h in enumerate(st.heroes)} == {"Ann": 3, "Bob": 0,
                                                                      "Cy": 1}
    assert s.rules.to_json(st)["winner"] == "Ann"
    assert s.events[0]["content"]["rules"]["gold_cap"] == 10  # the house data is in the save
    s.close()


def test_example_never_stores_a_shuffled_deck() -> None:
    """DESIGN "The log": cards are decided when drawn, one draw at a time."""
    text = EXAMPLE.read_text(encoding="utf-8")
    assert "deck =" not in text and "draw advantage" in text and "draw bag" in text
