"""Paranormal attributes with skills ("Paranormal Attributes with Skills").

An added attribute the GM marks paranormal may be 0D: the character then has no access to
the gift, and none of the skills under it may be bought, raised or rolled until the
attribute is bought up from 0D with CP (the first die at the campaign's first-die price,
"Adding Paranormal Abilities"). Decision where the SRD is silent: only exactly 0D is
allowed below the campaign's attribute minimum, and a specialization of such a skill is
closed like the skill itself.
"""

from __future__ import annotations

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.settings import CampaignSettings
from d6tui.games.simple_six.sheet import Character

#: The SRD section these rules cite.
PARANORMAL = "Paranormal Attributes with Skills"


def closed(attribute: str | None, code: DieCode | None, settings: CampaignSettings) -> bool:
    """Whether an attribute at ``code`` shuts its skills: a paranormal one at 0D.

    Args:
        attribute: the attribute id (None: no attribute, never closed).
        code: its die code (None counts as 0D).
        settings: the campaign.
    """
    if attribute is None or not settings.is_paranormal(attribute):
        return False
    return code is None or code.total_pips == 0


def closed_message(who: str, skill: str, attribute: str, settings: CampaignSettings) -> str:
    """The words shown when a skill under a 0D paranormal attribute is refused."""
    shown = settings.attribute_name(attribute)
    return (f"{who} has {shown} 0D: {skill} stays closed until {shown} is bought up from 0D"
            " with CP")


def check_skill_open(character: Character, skill: str, settings: CampaignSettings,
                     attribute: str | None = None) -> None:
    """Refuse a skill (buying, raising or rolling it) under a 0D paranormal attribute.

    Args:
        character: the sheet.
        skill: the skill's name (any case; a name off the list is left to other checks).
        settings: the campaign.
        attribute: the attribute chosen for the roll under "Independent Skills"; left out,
            the skill's own attribute.

    Raises:
        RuleError: the attribute is paranormal and at 0D ("Paranormal Attributes with
            Skills").
    """
    if not settings.paranormal_attributes:
        return
    canon = settings.skills.canonical(skill)
    if canon is None:
        return
    if attribute is None:
        entry = character.entry(canon)
        attribute = entry.attribute if entry else settings.skills.attribute_of(canon)
    if attribute is None:
        return
    code = dict(character.attributes).get(attribute)
    if closed(attribute, code, settings):
        raise RuleError(closed_message(character.name, canon, attribute, settings), PARANORMAL)
