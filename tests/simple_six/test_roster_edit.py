"""Editing the roster: rename, hero points the GM gives, removal refused while something still
names the character ("Campaign", "Hero Points")."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import roster_edit as re_
from d6tui.games.simple_six.describe import describe
from tests.simple_six.test_campaign import party


def test_rename_and_hero_points_keep_the_id(tmp_path: Path) -> None:
    s = party(path=tmp_path / "r.toml")
    ev = s.do(re_.edit_character, "orc", name="Grosh", hero_points=2)
    m = s.state.member("orc")
    assert (m.id, m.sheet.name, m.sheet.hero_points) == ("orc", "Grosh", 2)
    assert describe(ev, s.state).endswith("is now called Grosh and has 2 hero points")
    assert Session.load(tmp_path / "r.toml").state.member("orc").sheet.name == "Grosh"
    with pytest.raises(RuleError, match="already a character called mira"):
        s.do(re_.edit_character, "orc", name="mira")
    with pytest.raises(RuleError, match="nothing to change"):
        s.do(re_.edit_character, "orc", name="Grosh")
    with pytest.raises(RuleError, match="0 or more"):
        s.do(re_.edit_character, "orc", hero_points=-1)


def test_removal_is_refused_while_he_fights_and_undone_brings_him_back() -> None:
    s = party()
    s.do(c.start_combat, ["sir-baelen", "orc"])
    with pytest.raises(RuleError, match="in the fight"):
        s.do(re_.remove_character, "orc")
    s.do(c.end_combat)
    ev = s.do(re_.remove_character, "orc")
    assert "orc" not in [m.id for m in s.state.members]
    assert describe(ev) == "Orc left the roster"
    s.undo()
    assert "orc" in [m.id for m in s.state.members]
