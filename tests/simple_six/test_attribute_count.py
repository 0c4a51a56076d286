"""Attribute dice are counted at face value unless "Higher Attributes at a Price" is on: a die
over a racial limit is refused once, not also counted double."""

from __future__ import annotations

from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.creation import problems
from d6tui.games.simple_six.settings import CampaignSettings
from tests.simple_six.test_creation import draft


def test_an_elf_over_its_might_limit_is_told_once() -> None:
    d = draft(attributes={"Might": "4D", "Agility": "5D", "Wit": "1D", "Charm": "2D"},
              perks=["Elf"], specializations={"Athletics: Running": "2D"})
    text = [str(e) for e in problems(d)]
    assert any("Might 4D is above the most allowed with the racial perk" in t for t in text)
    assert not any("spent" in t for t in text), text


def test_the_price_still_applies_when_the_rule_is_on() -> None:
    s = CampaignSettings(price_max=DieCode.of(5))
    d = draft(attributes={"Might": "5D", "Agility": "3D", "Wit": "2D", "Charm": "2D"})
    text = [str(e) for e in problems(d, s)]
    assert any("13D spent" in t for t in text), text
