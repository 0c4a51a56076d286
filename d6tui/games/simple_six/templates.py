"""NPC templates the GM adds to the roster ("Non-Player Character").

The SRD names stock characters but gives no numbers, so the shipped templates in
``d6tui/content/simple_six_npcs.toml`` are house values (``source = "house"``), marked as such
on screen. A GM writes their own in a file of the same name in the user's config dir; its
``[[npcs]]`` entries are merged over the shipped ones by name (DESIGN "Content data").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from d6tui.engine import toml_memo
from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.codes import ZERO, as_code
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.settings import CampaignSettings
from d6tui.games.simple_six.sheet import NO_ATTRIBUTE_BASE, NO_ATTRIBUTE_STANDINS
from d6tui.paths import user_content_file

SHIPPED = Path(__file__).resolve().parents[2] / "content" / "simple_six_npcs.toml"


@dataclass(frozen=True)
class Template:
    """A kind of NPC the GM can add several of.

    Attributes:
        name: the template's name ("Town Guard").
        attributes: attribute -> code.
        skills: skill -> dice added on top of its attribute.
        perks: perk names (Sorcerer for a caster).
        spells: spells known.
        weapons: weapons from the weapon tables.
        armor: armor from the armor table (its value is the bracketed part of Soak).
        scale: dice of scale ("Scaling": 0 for people).
        threat: 1-5 stars, how dangerous the GM judges it.
        notes: a line for the GM.
        house: a house value (the SRD gives no numbers), shown with a mark.
    """

    name: str
    attributes: dict[str, str]
    skills: dict[str, str] = field(default_factory=dict)
    perks: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    armor: tuple[str, ...] = ()
    scale: int = 0
    threat: int = 1
    notes: str = ""
    house: bool = False

    @property
    def stars(self) -> str:
        """The threat as stars: ``★★☆☆☆``."""
        n = max(0, min(5, self.threat))
        return "\u2605" * n + "\u2606" * (5 - n)

    def draft(self, name: str, settings: CampaignSettings) -> Draft:
        """An NPC draft of this template called ``name``.

        Skills the campaign's list does not hold are left out (a template written for another
        setting still gives a usable NPC). Templates are written with the four attributes; in a
        campaign that changes them (d6tui's reading, the SRD gives no rule):

        - an added attribute ("Expanded Number of Attributes") takes the code of the attribute
          its moved skills came from (Perception the template's Wit when Search moves to it),
          or the least attribute when no skill moves to it;
        - under "No Attributes" each listed skill keeps its whole code (2D plus the rest),
          Might becomes Toughness and Agility Dodge, unless the template lists them.
        """
        lst = settings.skills
        skills = {k: v for k, v in self.skills.items() if lst.canonical(k) is not None}
        attributes = dict(self.attributes)
        if settings.no_attributes:
            attributes = {}
            base = settings.content.skill_list(settings.skill_list)
            whole = {k: as_code(self.attributes.get(base.attribute_of(k) or "Might", "2D"))
                     + as_code(v) for k, v in skills.items()}
            for attr, standin in NO_ATTRIBUTE_STANDINS.items():
                whole.setdefault(standin, as_code(self.attributes.get(attr, "2D")))
            skills = {k: str(max(ZERO, c - NO_ATTRIBUTE_BASE)) for k, c in whole.items()}
        for extra in settings.extra_attributes:
            base = settings.content.skill_list(settings.skill_list)
            came_from = [base.attribute_of(k) for k, a in settings.skill_attributes
                         if settings.attribute_id(a) == extra]
            source = next((a for a in came_from if a in attributes), None)
            attributes[extra] = (attributes[source] if source else str(settings.attribute_min))
        return Draft(name=name, attributes=attributes, skills=skills,
                     perks=self.perks, spells=self.spells, weapons=self.weapons,
                     armor=self.armor, npc=True)


def parse(doc: dict) -> list[Template]:
    """The templates of a parsed TOML document (``[[npcs]]``).

    Raises:
        RuleError: an entry without a name or attributes.
    """
    out = []
    for i, e in enumerate(doc.get("npcs", ())):
        if not isinstance(e, dict) or "name" not in e or "attributes" not in e:
            raise RuleError(f"NPC template {i + 1} needs a name and attributes",
                            "Non-Player Character")
        out.append(Template(
            name=str(e["name"]),
            attributes={str(k): str(v) for k, v in dict(e["attributes"]).items()},
            skills={str(k): str(v) for k, v in dict(e.get("skills", {})).items()},
            perks=tuple(e.get("perks", ())), spells=tuple(e.get("spells", ())),
            weapons=tuple(e.get("weapons", ())), armor=tuple(e.get("armor", ())),
            scale=int(e.get("scale", 0)), threat=int(e.get("threat", 1)),
            notes=str(e.get("notes", "")), house=e.get("source") == "house",
        ))
    return out


def templates(user: Path | None = None) -> list[Template]:
    """The shipped templates with the GM's own merged over them by name (the installed ones;
    a campaign plays with the copy in its save, ``Campaign.content.npcs``).

    Args:
        user: the GM's file; by default the one in the config dir, if any.
    """
    return parse({"npcs": entries(user)})


def entries(user: Path | None = None) -> list[dict]:
    """The ``[[npcs]]`` entries of the shipped file with the GM's own merged over them by name,
    as TOML values (what a new campaign copies into its save).

    Args:
        user: the GM's file; by default the one in the config dir, if any.
    """
    shipped = list(toml_memo.loads(SHIPPED.read_text(encoding="utf-8")).get("npcs", ()))
    path = user if user is not None else user_content_file(SHIPPED.name)
    if path is None:
        return shipped
    own = list(toml_memo.loads(path.read_text(encoding="utf-8")).get("npcs", ()))
    names = {str(e.get("name", "")).lower() for e in own if isinstance(e, dict)}
    return [e for e in shipped if str(e["name"]).lower() not in names] + own


def next_name(base: str, taken: set[str]) -> str:
    """``"Goblin 1"``, ``"Goblin 2"``...: the first numbered name not in ``taken`` (lower case)."""
    n = 1
    while f"{base} {n}".lower() in taken:
        n += 1
    return f"{base} {n}"
