"""The content a Simple Six campaign plays with, copied into its save when it begins.

DESIGN "The log" (self-contained saves): every content value the fold reads (weapons, armor,
ranges, perks, complications, skill lists, spells, the sample settings' lists) and the NPC and
vehicle templates the GM picks from are written into the first event (``campaign_started``'s
``content``), as the shipped files merged with the user's overrides made them that day. The
fold reads them from there, never from files, so a save replays the same whatever the user's
overrides and whatever later releases ship.

A save made before campaigns kept this copy replays with the frozen copy of the content shipped
then (``d6tui/content/frozen/simple_six-v1.toml``, never edited), not with the user's files.
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

from d6tui.games.simple_six import content as rules_tables
from d6tui.games.simple_six import templates as npc_templates
from d6tui.games.simple_six.content import Content
from d6tui.games.simple_six.templates import Template
from d6tui.games.simple_six.vehicle_stats import SHIPPED, VehicleStats, entries, stats_from_dict
from d6tui.paths import read_content, user_content_file

#: The content shipped before saves kept their own copy (version 1 of the copy).
FROZEN_V1 = Path(__file__).resolve().parents[2] / "content" / "frozen" / "simple_six-v1.toml"


@dataclass(frozen=True)
class CampaignContent:
    """A campaign's own copy of the content ("Making the Game Your Own").

    Attributes:
        rules: the tables the rules read (``simple_six.toml``).
        npcs: the NPC templates ("Non-Player Character").
        vehicles: the vehicle templates ("Vehicles").
        doc: the copy as TOML values, as the save holds it.
    """

    rules: Content
    npcs: tuple[Template, ...]
    vehicles: tuple[VehicleStats, ...]
    doc: dict = field(compare=False, repr=False)


def installed_doc() -> dict:
    """The content a new campaign copies: the shipped files with the user's overrides merged
    over them, as TOML values (``rules``, ``npcs``, ``vehicles``); a fresh copy each time.

    Raises:
        OSError, tomllib.TOMLDecodeError: a file that cannot be read.
    """
    stamps = tuple(_stamp(p) for p in (rules_tables.SHIPPED, npc_templates.SHIPPED,
                                        SHIPPED))
    return copy.deepcopy(_installed_doc(stamps))


def _stamp(shipped: Path) -> tuple[str, int] | None:
    """What tells whether the user's override of ``shipped`` changed (its path and time)."""
    user = user_content_file(shipped.name)
    return None if user is None else (str(user), user.stat().st_mtime_ns)


@lru_cache(maxsize=4)
def _installed_doc(stamps: tuple) -> dict:
    return {"rules": read_content(rules_tables.SHIPPED), "npcs": npc_templates.entries(),
            "vehicles": entries()}


def from_doc(doc: Mapping) -> CampaignContent:
    """Read a campaign's copy of the content (the inverse of :attr:`CampaignContent.doc`).

    Args:
        doc: ``rules``, ``npcs`` and ``vehicles`` as TOML values.

    Raises:
        KeyError, TypeError, ValueError, RuleError, DiceError: a copy that does not read.
    """
    own = {"rules": dict(doc["rules"]), "npcs": list(doc.get("npcs", ())),
           "vehicles": list(doc.get("vehicles", ()))}
    # campaigns begun the same day hold equal copies: read each copy once
    return _read(json.dumps(own, sort_keys=True, default=str))


@lru_cache(maxsize=8)
def _read(text: str) -> CampaignContent:
    own = json.loads(text)
    return CampaignContent(
        rules_tables.parse(own["rules"]),
        tuple(npc_templates.parse({"npcs": own["npcs"]})),
        tuple(stats_from_dict(e) for e in own["vehicles"]),
        own,
    )


@cache
def frozen_v1() -> CampaignContent:
    """The content of a save made before saves kept their own copy (:data:`FROZEN_V1`)."""
    return from_doc(tomllib.loads(FROZEN_V1.read_text(encoding="utf-8")))
