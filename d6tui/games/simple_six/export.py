"""Writing Simple Six out: a sheet as Markdown (to print or share) or as TOML (to import into
another campaign), and a campaign log as a readable Markdown record.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Collection, Iterable

import tomli_w

from d6tui.engine.errors import RuleError
from d6tui.engine.mdtext import escape
from d6tui.engine.notes import NOTE, note_numbers, record_lines
from d6tui.games.simple_six.magic import tn_words as spell_tn_words
from d6tui.games.simple_six.settings import CampaignSettings
from d6tui.games.simple_six.sheet import (
    Character,
    armor_value,
    derived,
    parry_skill,
    sheet_from_dict,
    sheet_to_dict,
    unarmed_damage,
    weapon_damage,
)

#: The ``format`` key of an exported sheet file.
SHEET_FORMAT = "d6tui-simple-six-sheet"


def sheet_markdown(character: Character, settings: CampaignSettings | None = None,
                   body_current: int | None = None, wounds: str | None = None) -> str:
    """A character sheet as Markdown, laid out like the paper sheet.

    The defenses are those the screen shows: Block, Dodge and Parry are static TNs only under
    Fast Static Combat; Soak under wound levels, DR (armor) under Body Points, and under
    Traditional combat the Might roll plus armor that resists damage.

    Args:
        character: the sheet.
        settings: the campaign (skill list, combat system, Body Points).
        body_current: the character's Body Points now (shown as now/most), when known.
        wounds: the character's wounds now ("Wounded"), when known.

    Returns:
        The Markdown text.
    """
    settings = settings or CampaignSettings()
    d = derived(character, settings)
    lines = [f"# {escape(character.name)}" + (" (NPC)" if character.npc else ""), ""]
    if character.attributes and not settings.independent_skills:
        lines += ["| Attribute | Code | Skills |", "|---|---|---|"]
        for attr, code in character.attributes:
            skills = [f"{e.name} {character.skill(e.name, settings)}"
                      for e in character.skills if e.attribute == attr]
            lines.append(f"| {settings.attribute_name(attr)} | {code} | {', '.join(skills)} |")
    else:
        if character.attributes:  # "Independent Skills": a roll adds an attribute to a skill
            lines += ["| Attribute | Code |", "|---|---|"]
            lines += [f"| {settings.attribute_name(a)} | {c} |" for a, c in character.attributes]
            lines += ["", "**Skills** (own dice; the attribute is picked for each roll): "]
            lines[-1] += ", ".join(f"{e.name} {character.own_dice(e.name)}"
                                   for e in character.skills) or "none"
        else:  # "No Attributes": every skill starts at 2D
            lines += ["**Skills** (2D each, plus the dice put in): " + (", ".join(
                f"{e.name} {character.skill(e.name, settings)}" for e in character.skills)
                or "none")]
    if character.quasi:
        lines += ["", "**Quasi skills:** " + ", ".join(f"{q} {c}" for q, c in character.quasi)]
    if character.specializations:
        lines += ["", "**Specializations:** " + ", ".join(
            f"{s.key} {character.specialization_code(s.skill, s.name, settings)}"
            for s in character.specializations)]
    cols: list[tuple[str, str]] = []
    if settings.combat == "static":
        # no melee weapon carried: no Parry ("Static Defenses"), bare hands block
        cols += [("Block", str(d.block)), ("Dodge", str(d.dodge)),
                 ("Parry", str(d.parry) if parry_skill(character, settings) else "-")]
    if settings.wounds == "body_points":
        cols.append(("DR", str(armor_value(character))))
    elif settings.combat == "static":
        cols.append(("Soak", f"{d.soak_base}({d.soak})"))
    else:
        resist = (settings.attribute_name("Might") if character.attributes else "Toughness")
        cols.append(("Resist", f"{resist} {character.attribute('Might')} + armor"
                               f" {armor_value(character)}"))
    cols.append(("Move", f"{d.move} ft"))
    lines += ["", "| " + " | ".join(h for h, _v in cols) + " |",
              "|" + "---|" * len(cols), "| " + " | ".join(v for _h, v in cols) + " |"]
    if d.body_points is not None:
        now = d.body_points if body_current is None else body_current
        lines += ["", f"**Body Points:** {now}/{d.body_points}"]
    if wounds is not None:
        lines += ["", f"**Wounds:** {wounds}"]
    for title, items in (("Perks", character.perks), ("Complications", character.complications),
                         ("Armor", character.armor)):
        if items:
            lines += ["", f"**{title}:** " + ", ".join(items)]
    if character.spells:  # each with its TN ("The Grimoire")
        lines += ["", "**Spells:** " + ", ".join(
            f"{sp} ({spell_tn_words(sp)})" for sp in character.spells)]
    weapons = [f"{w} ({weapon_damage(character, w, settings)})" for w in character.weapons]
    weapons.append(f"bare hands ({unarmed_damage(character, settings)})")
    lines += ["", "**Weapons:** " + ", ".join(weapons)]
    lines += ["", f"**Hero points:** {character.hero_points}  ",
              f"**Character points:** {character.character_points}", ""]
    return "\n".join(lines)


def sheet_toml(character: Character) -> str:
    """A sheet as a TOML file another campaign can import.

    Args:
        character: the sheet.

    Returns:
        The TOML text (``format`` and ``sheet`` keys).
    """
    return tomli_w.dumps({"format": SHEET_FORMAT, "version": 1,
                          "sheet": sheet_to_dict(character)})


def read_sheet_toml(text: str) -> Character:
    """Read a sheet file written by :func:`sheet_toml`.

    Args:
        text: the file's text.

    Returns:
        The sheet (import it with :func:`.campaign.import_character`).

    Raises:
        RuleError: not TOML, not a sheet file, or a sheet that does not read.
    """
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RuleError(f"the sheet file is not TOML: {e}", "Campaign") from None
    if doc.get("format") != SHEET_FORMAT or "sheet" not in doc:
        raise RuleError("this is not a Simple Six sheet exported by d6tui", "Campaign")
    try:
        return sheet_from_dict(doc["sheet"])
    except Exception as e:  # EventError and friends: report, never a traceback
        raise RuleError(f"the sheet does not read: {e}", "Campaign") from None


def log_markdown(title: str, events: Iterable[dict], describe: Callable[[dict], str],
                 undone: Collection[int] = ()) -> str:
    """A campaign log as a Markdown record: sessions as headings, rounds as sub-headings, each
    event a line (rolls, wounds, CP awarded).

    Args:
        title: the campaign's name.
        events: the stored events, in order.
        describe: the game's ``describe`` (``RULES.describe``); never given a note.
        undone: the seqs undone (a note among them is one struck-through line).

    Returns:
        The Markdown text.
    """
    lines = [f"# {escape(title)}", ""]
    events = list(events)
    numbers = note_numbers(events)
    for ev in events:
        t = ev.get("type")
        if t == NOTE:  # the GM's notes, quoted at their place
            lines += record_lines(f"- #{ev.get('seq', '?')} ", ev, ev.get("seq") in undone,
                                  numbers.get(ev.get("seq")))
            continue
        text = describe(ev)
        if text.startswith("~~"):
            pass  # an undone session or round opens no heading
        elif t == "session_started":
            lines += ["", f"## Session {ev['number']}", ""]
        elif t == "round_started":
            lines += ["", f"### Round {ev['round']}", ""]
        lines.append(f"- #{ev.get('seq', '?')} {text}")
    lines.append("")
    return "\n".join(lines)
