"""Cards of the players' own box, named by what the rules read off them (table edition).

A physical card need not be like any house card: the drawer types what it says (``D8 Dual
Wield``, ``buff +2``, ``green gold 3``, ``undead in space 5, 2 glory``) or picks a weapon's
die and keywords, or a bounty's class, space and glory. The card is checked here
(:func:`parse`, :func:`check`) and stored in the ``card_named`` event as its ``spec``; the
fold keeps it in ``Board.named`` under the id of the face-down card it takes the place of,
so the decks keep their count (rulebook Part II "The Cards", "Advantage Cards", "Heroic
Quest Cards", "Bounty Cards").

What the rules read, by deck:

- Advantage weapon: its die (d4, d6, d8, d10, d12 or d20: the dice a box and a player's own
  set hold, "About the Dice") and keywords Dual Wield, Ranged, Critical ("The Cards").
- Advantage hero buff: ``plus`` with its amount (1-6), or ``critical``, ``reroll`` (Dogmud's
  re-roll on a card) or ``ward`` with none.
- Heroic Quest, green banner: ``action``, ``gold``, ``heal``, ``plus`` with an amount;
  ``escape``, ``potion``, ``reroll`` with none. Red banner: ``buff``, ``extra_hp``, ``steal``
  with an amount; ``ambush`` with none. These are the effects the engine carries out; a card
  that says something else is carried out by hand with the GM tools.
- Bounty: a monster class, a numbered space of the map in play, glory points (1-6).

Amount ranges are house limits (the rulebook prints no card).
"""

from __future__ import annotations

import re
from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.games.d6_board.content import MONSTER_CLASSES

#: The weapon dice a card may name.
WEAPON_DICE = (4, 6, 8, 10, 12, 20)
#: Weapon keywords ("The Cards"), as stored.
KEYWORDS = ("dual_wield", "ranged", "critical")
#: Advantage hero buffs: effect -> whether it takes an amount.
BUFFS = {"plus": True, "critical": False, "reroll": False, "ward": False}
#: Heroic Quest effects by banner: effect -> whether it takes an amount.
QUESTS = {
    "green": {"action": True, "gold": True, "heal": True, "plus": True, "escape": False,
              "potion": False, "reroll": False},
    "red": {"buff": True, "extra_hp": True, "steal": True, "ambush": False},
}
#: The largest amount a card may carry (house), by effect; 6 for the rest.
MOST = {"gold": 10, "action": 3}
#: The most glory a bounty may give (house).
MOST_GLORY = 6

#: An example of each deck's cards as typed, shown in the input.
EXAMPLES = {"advantage": "D8 Dual Wield", "heroic_quest": "green gold 3",
            "bounty": "undead in space 5, 2 glory"}
#: What may be typed, in one line a deck.
FORMS = {
    "advantage": "a weapon (d4-d20 with Dual Wield, Ranged, Critical) or a buff (+N, "
                 "critical, reroll, ward)",
    "heroic_quest": "green or red, then its effect and amount (green: action, gold, heal, "
                    "plus, escape, potion, reroll; red: buff, extra hp, steal, ambush)",
    "bounty": "a monster class, its space and its glory (undead in space 5, 2 glory)",
}


def _amount(effect: str, value: int, takes: bool) -> int:
    if not takes:
        if value:
            raise RuleError(f"a {effect.replace('_', ' ')} card carries no amount "
                            f"(\"The Cards\")")
        return 0
    top = MOST.get(effect, 6)
    if not 1 <= value <= top:
        raise RuleError(f"a {effect.replace('_', ' ')} card needs an amount of 1-{top}, "
                        f"not {value}")
    return value


def check(deck: str, spec: dict, spaces: tuple[str, ...], glory: bool = True) -> dict:
    """A card's rule values, checked: the stored ``spec`` with only the keys the rules read.

    Args:
        deck: ``advantage``, ``heroic_quest`` or ``bounty``.
        spec: ``{"kind": "weapon", "die": 8, "flags": [...]}``, ``{"kind": "buff",
            "effect": "plus", "value": 2}``, ``{"banner": "green", "effect": "gold",
            "value": 3}`` or ``{"class": "undead", "space": "5", "glory": 2}``.
        spaces: the numbered spaces of the map in play.
        glory: whether bounties give glory (not in Hide Collection, Part III).

    Raises:
        RuleError: a card no rule can read (one line: what is wrong).
    """
    if deck == "advantage":
        if spec.get("kind") == "weapon":
            die = int(spec.get("die", 0))
            if die not in WEAPON_DICE:
                raise RuleError(f"a weapon rolls a d4, d6, d8, d10, d12 or d20, not a d{die}"
                                " (\"About the Dice\")")
            flags = list(spec.get("flags", []))
            bad = [f for f in flags if f not in KEYWORDS]
            if bad or len(set(flags)) != len(flags):
                raise RuleError("a weapon's keywords are Dual Wield, Ranged and Critical, "
                                "each once (\"The Cards\")")
            return {"kind": "weapon", "die": die,
                    "flags": [f for f in KEYWORDS if f in flags]}
        effect = str(spec.get("effect", ""))
        if spec.get("kind") != "buff" or effect not in BUFFS:
            raise RuleError("an Advantage card is a weapon or a hero buff (+N, critical, "
                            "reroll, ward)")
        return {"kind": "buff", "effect": effect,
                "value": _amount(effect, int(spec.get("value", 0)), BUFFS[effect])}
    if deck == "heroic_quest":
        banner, effect = str(spec.get("banner", "")), str(spec.get("effect", ""))
        if banner not in QUESTS:
            raise RuleError("a Heroic Quest card has a green or a red banner")
        if effect not in QUESTS[banner]:
            other = next((b for b in QUESTS if effect in QUESTS[b]), "")
            why = f"{effect.replace('_', ' ')} is a {other} card" if other else (
                f"a {banner} card does one of " + ", ".join(
                    e.replace("_", " ") for e in QUESTS[banner]))
            raise RuleError(why)
        return {"banner": banner, "effect": effect,
                "value": _amount(effect, int(spec.get("value", 0)), QUESTS[banner][effect])}
    if deck == "bounty":
        cls, space = str(spec.get("class", "")), str(spec.get("space", ""))
        if cls not in MONSTER_CLASSES:
            raise RuleError("a bounty names a monster class: " + ", ".join(MONSTER_CLASSES)
                            + " (Guardians are never bounties)")
        if space not in spaces:
            raise RuleError(f"a bounty names a space of this map, 1-{len(spaces)}, "
                            f"not {space or 'none'}")
        if not glory:
            return {"class": cls, "space": space}
        points = int(spec.get("glory", 0))
        if not 1 <= points <= MOST_GLORY:
            raise RuleError(f"a bounty is worth 1-{MOST_GLORY} glory, not {points}")
        return {"class": cls, "space": space, "glory": points}
    raise RuleError(f"no card of the {deck} deck is named at the table")


def parse(deck: str, text: str, spaces: tuple[str, ...], glory: bool = True) -> dict:
    """A card typed as printed, read and checked (:func:`check`).

    ``D8 Dual Wield``, ``Advantage: d20 ranged critical``, ``buff +2``, ``reroll``;
    ``green gold 3``, ``red extra hp 1``, ``escape``; ``undead in space 5, 2 glory``,
    ``bandit 3 1`` (space, then glory).

    Raises:
        RuleError: nothing a card of this deck says (one line, with what may be typed).
    """
    words = re.sub(r"^\s*(advantage|heroic quest|quest|bounty)\s*:?", "", text.strip().lower())
    words = words.replace("-", " ").replace("_", " ").replace(",", " ")
    words = re.sub(r"\bdual\s*wield\b", "dual_wield", words)
    words = re.sub(r"\bextra\s*hp\b", "extra_hp", words)
    words = re.sub(r"\bre\s*roll\b", "reroll", words)
    tokens = words.split()
    if not tokens:
        raise RuleError(f"type the card: {FORMS[deck]}")
    if deck == "advantage":
        die = next((t for t in tokens if re.fullmatch(r"d\d+", t)), None)
        if die is not None:
            rest = [t for t in tokens if t not in (die, "weapon")]
            bad = [t for t in rest if t not in KEYWORDS]
            if bad:
                raise RuleError(f"{bad[0]!r} is no weapon keyword: Dual Wield, Ranged, "
                                "Critical")
            return check(deck, {"kind": "weapon", "die": int(die[1:]), "flags": rest},
                         spaces)
        rest = [t for t in tokens if t not in ("buff", "hero")]
        plus = next((t for t in rest if re.fullmatch(r"\+?\d+", t)), None)
        effect = next((t for t in rest if t in BUFFS), "plus" if plus else "")
        if not effect or len(rest) > 2 or any(t not in (plus, effect) for t in rest):
            raise RuleError(f"not an Advantage card: {FORMS[deck]}")
        return check(deck, {"kind": "buff", "effect": effect,
                            "value": int(plus.lstrip("+")) if plus else 0}, spaces)
    if deck == "heroic_quest":
        banner = next((t for t in tokens if t in QUESTS), "")
        num = next((t for t in tokens if re.fullmatch(r"\+?\d+", t)), None)
        named = [t for t in tokens if t not in (banner, num, "banner", "card")]
        if len(named) != 1:
            raise RuleError(f"not a Heroic Quest card: {FORMS[deck]}")
        effect = named[0]
        if not banner:
            banner = next((b for b in QUESTS if effect in QUESTS[b]), "green")
        return check(deck, {"banner": banner, "effect": effect,
                            "value": int(num.lstrip("+")) if num else 0}, spaces)
    if deck == "bounty":
        cls = next((t for t in tokens if t.rstrip("s") in MONSTER_CLASSES), "")
        space = re.search(r"space\s*(\d+)", words)
        points = re.search(r"(\d+)\s*glory|glory\s*(\d+)", words)
        spans = [m.span(1) for m in (space,) if m] + [
            m.span(1) if m.group(1) else m.span(2) for m in (points,) if m]
        bare = [m.group() for m in re.finditer(r"\d+", words)
                if not any(a <= m.start() < b for a, b in spans)]
        sp = space.group(1) if space else (bare.pop(0) if bare else "")
        gl = (points.group(1) or points.group(2)) if points else (
            bare.pop(0) if bare else "0")
        if not cls:
            raise RuleError(f"not a bounty: {FORMS[deck]}")
        return check(deck, {"class": cls.rstrip("s"), "space": sp, "glory": int(gl)}, spaces,
                     glory)
    raise RuleError(f"no card of the {deck} deck is named at the table")


def label(deck: str, spec: dict) -> str:
    """A named card as the rules read it: ``D8 Dual Wield``, ``buff +2``, ``green: gold 3``,
    ``undead in space 5, 2 glory``."""
    if deck == "advantage":
        if spec["kind"] == "weapon":
            return f"D{spec['die']}" + "".join(
                " " + f.replace("_", " ").title() for f in spec.get("flags", []))
        return f"buff +{spec['value']}" if spec["effect"] == "plus" else (
            f"buff: {spec['effect']}")
    if deck == "heroic_quest":
        v = f" {spec['value']}" if spec.get("value") else ""
        return f"{spec['banner']}: {spec['effect'].replace('_', ' ')}{v}"
    if "glory" not in spec:
        return f"{spec['class']} in space {spec['space']}"
    return f"{spec['class']} in space {spec['space']}, {spec['glory']} glory"


def as_card(deck: str, spec: dict) -> dict[str, Any]:
    """The card entry of a named card (what ``Board.card`` returns): its rule values, its
    label as a name, ``source = "table"``."""
    return {**spec, "name": label(deck, spec), "source": "table"}
