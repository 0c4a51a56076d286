"""A hand-edited roll whose label does not fit its faces, or names more dice than d6tui rolls,
refuses the save in one line (README "Saves"); every roll d6tui writes passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.errors import EventError, LogError
from d6tui.engine.roll_labels import check_roll_labels
from d6tui.engine.session import Session

SAVES = Path(__file__).resolve().parents[2] / "saves"
FIRST = 'dice = "2d6", faces = [1, 6]'


@pytest.mark.parametrize(("label", "says"), [
    ("99999999d6", "'99999999d6': d6tui rolls 1 to 100 dice at once"),
    ("3d6", "'3d6' but holds 2 faces"),
    ("2d7", "'2d7': there is no d7"),
])
def test_an_edited_label_refuses_the_save(tmp_path: Path, label: str, says: str) -> None:
    path = tmp_path / "t.toml"
    text = (SAVES / "tales-example.toml").read_text(encoding="utf-8")
    assert FIRST in text
    path.write_text(text.replace(FIRST, f'dice = "{label}", faces = [1, 6]', 1),
                    encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(LogError) as e:
        Session.load(path)
    message = str(e.value)
    assert "event seq 2: a roll says dice = " + says in message
    assert "changed after d6tui wrote it" in message and "\n" not in message
    assert path.read_bytes() == before  # nothing lost


def test_every_shape_d6tui_writes_passes() -> None:
    check_roll_labels({"roll": {"dice": "3d6+2", "faces": [1, 2, 3], "source": "app"}})
    check_roll_labels({"a": [{"dice": "6 shooter", "faces": ["h"] * 6, "source": "table"}]})
    check_roll_labels({"r": {"dice": "4D+1", "faces": [2, 3, 4], "wild": [5],
                             "source": "app"}})
    check_roll_labels({"r": {"dice": "3d6", "faces": [], "total": 11, "source": "table"}})
    check_roll_labels({"r": {"dice": "draw game", "faces": ["B04"], "source": "app"}})


@pytest.mark.parametrize("roll", [
    {"dice": "7 shooter", "faces": ["h"] * 6, "source": "app"},
    {"dice": "500 red", "faces": [1], "source": "app"},
    {"dice": "2D", "faces": [1, 2, 3], "wild": [4], "source": "app"},
    {"dice": "0d6", "faces": [], "source": "app"},
])
def test_labels_that_do_not_fit(roll: dict) -> None:
    with pytest.raises(EventError, match="a roll says dice = "):
        check_roll_labels({"roll": roll})



def test_a_version_1_save_has_its_labels_checked(tmp_path: Path) -> None:
    """A version-1 block has no end mark to tell an edit, so each is checked."""
    v1 = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "tales-v1.toml"
    text = v1.read_text(encoding="utf-8")
    first = 'dice = "2d6", faces = [5, 3]'
    assert "# end crc32" not in text and first in text
    path = tmp_path / "v1.toml"
    path.write_text(text.replace(first, 'dice = "1d6", faces = [5, 3]', 1), encoding="utf-8")
    with pytest.raises(LogError, match="a roll says dice = '1d6' but holds 2 faces"):
        Session.load(path)
