"""Spell effects that last, and what they change on a character's rolls ("The Grimoire").

Pure rules, no campaign state: an :class:`Effect` sits on the character it touches (see
``Member.effects``) with what is left of its duration. This module says how long each spell
lasts, whom it is cast on, and the modifier an effect (or a Sorcerer's Tool, an enchanted item)
puts on a roll.

Durations: rounds count down as combat rounds start (and six to the minute when the GM lets
time pass); hours and days end when the campaign clock (``Campaign.minutes``, moved only by
"time passes") reaches their end; concentration lasts until the caster drops it; permanent
effects last until dispelled or ended by the GM.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from d6tui.games.simple_six.codes import ZERO, DieCode

#: Minutes in a day and rounds in a minute (a round is about ten seconds, "Order of Actions in
#: a Round").
DAY = 24 * 60
ROUNDS_PER_MINUTE = 6

#: How long each spell of the Grimoire lasts: ``("rounds", n)``, ``("minutes", n)``,
#: ``("conc", 0)``, ``("permanent", 0)`` or ``("instant", 0)``.
DURATIONS: dict[str, tuple[str, int]] = {
    "Animal Growth": ("minutes", 60), "Animate Dead": ("permanent", 0),
    "Beast Tongue": ("conc", 0), "Bless": ("minutes", 60), "Charm": ("conc", 0),
    "Clairvoyance": ("conc", 0), "Conjure Elemental": ("permanent", 0),
    "Control Weather": ("conc", 0), "Curse": ("permanent", 0), "Dark Vision": ("minutes", 60),
    "Death Spell": ("instant", 0), "Dispel Magic": ("instant", 0), "Divination": ("conc", 0),
    "Earthquake": ("rounds", 1), "ESP": ("conc", 0), "Fly": ("conc", 0),
    "Growth": ("rounds", 10), "Hasten": ("rounds", 5), "Heal": ("instant", 0),
    "Illusions": ("conc", 0), "Invisibility": ("minutes", 60), "Light": ("minutes", 60),
    "Lightning Bolt": ("rounds", 2), "Paralysis": ("minutes", 60), "Petrify": ("permanent", 0),
    "Possession": ("conc", 0), "Resist Elements": ("minutes", 60),
    "Resurrection": ("instant", 0), "See Magic Aura": ("conc", 0),
    "Shape Change": ("conc", 0), "Slumber": ("minutes", 60), "Still Mind": ("conc", 0),
    "Telekinesis": ("conc", 0), "Teleport": ("instant", 0),
}

#: Whom a spell is cast on: ``self`` (the caster), ``one`` target, ``many`` targets. Light
#: shines on a place or a thing, recorded on the caster who lit it.
TARGETS: dict[str, str] = {
    "Beast Tongue": "self", "Charm": "self", "Clairvoyance": "self", "Divination": "self",
    "Fly": "self", "Growth": "self", "Still Mind": "self", "Shape Change": "self",
    "See Magic Aura": "self", "Control Weather": "self", "Conjure Elemental": "self",
    "Lightning Bolt": "self", "Light": "self",
    "Animal Growth": "one", "Animate Dead": "one", "Curse": "one", "Dark Vision": "one",
    "Death Spell": "one", "ESP": "one", "Invisibility": "one",
    "Paralysis": "one", "Petrify": "one", "Possession": "one", "Telekinesis": "one",
    "Resurrection": "one", "Resist Elements": "one", "Dispel Magic": "one", "Heal": "one",
    "Bless": "many", "Hasten": "many", "Slumber": "many", "Illusions": "many",
    "Earthquake": "many", "Teleport": "many",
}

#: Spells that leave their target helpless on a failed resist, and the word for it.
HELPLESS: dict[str, str] = {"Paralysis": "paralysed", "Slumber": "asleep",
                            "Petrify": "a statue"}

#: Spells that influence, detect or read emotions and thoughts, from which Still Mind keeps
#: its sorcerer ("Still Mind"): ESP reads thoughts, Illusions put false perceptions in the
#: mind, Possession takes control of the one possessed. Curse (a mute tongue, blindness) and
#: Slumber (sleep) work on the body, Charm on the caster's own skills: not these.
MIND_SPELLS = frozenset({"ESP", "Illusions", "Possession"})

#: Spells Dispel Magic cannot undo ("Dispel Magic": healing and resurrection).
UNDISPELLABLE = frozenset({"Heal", "Resurrection"})

#: Bless's flat bonus, added to the total of every roll of the blessed ("The Grimoire"; not
#: pips of the die code, see :mod:`.wild`).
BLESS_BONUS = 2
#: Spells whose dice change rolls ("The Grimoire").
CHARM_BONUS = DieCode.of(4)
INVISIBILITY_BONUS = DieCode.of(5)
RESIST_ELEMENTS_BONUS = DieCode.of(1)
RESURRECTION_DRAIN = DieCode.of(3)
#: A Potion of Skill's dice on its skill ("Potions").
POTION_BONUS = DieCode.of(2)
#: Lightning Bolt's element, for Resist Elements.
LIGHTNING = "electricity"

#: The scale ladder in dice ("Scaling"): one "level" of Growth is one step up this ladder.
SCALE_LADDER = (0, 2, 4, 6, 12, 24)

#: Marks for the tracker's compact column (house choice: one letter a spell, in its colour).
MARKS: dict[str, str] = {
    "Bless": "B", "Charm": "C", "Invisibility": "I", "Hasten": "H", "Resist Elements": "R",
    "Growth": "G", "Animal Growth": "G", "Shape Change": "S", "Paralysis": "P",
    "Slumber": "Z", "Petrify": "P", "Earthquake": "E", "Curse": "K", "Fly": "F",
    "Lightning Bolt": "L", "Resurrection": "-",
}


@dataclass(frozen=True)
class Effect:
    """A spell working on one character.

    Attributes:
        cast: the number of the cast that made it (one cast may touch many targets); the key
            for dropping, dispelling or ending it.
        spell: the spell's name.
        caster: the caster's id.
        tn: the TN it was cast at (Dispel Magic needs five more).
        rounds: combat rounds left (round durations), or None.
        until: the campaign minute it ends (hour and day durations), or None.
        concentration: it lasts while the caster concentrates ("Concentration (CONC)").
        detail: the element of Resist Elements, the skill of a Potion of Skill, ``"drain"`` for
            Resurrection's cost to its caster, or empty.
        steps: steps of scale (Growth, Animal Growth, Shape Change).
    """

    cast: int
    spell: str
    caster: str
    tn: int = 0
    rounds: int | None = None
    until: int | None = None
    concentration: bool = False
    detail: str = ""
    steps: int = 0

    @property
    def helpless(self) -> str | None:
        """``"paralysed"``, ``"asleep"`` or ``"a statue"`` for Paralysis, Slumber, Petrify."""
        return HELPLESS.get(self.spell)

    def left(self, now: int) -> str:
        """What is left of it, in a few characters (``"3 rd"``, ``"42 min"``, ``"conc"``)."""
        if self.concentration:
            return "conc"
        if self.rounds is not None:
            return f"{self.rounds} rd"
        if self.until is not None:
            mins = max(0, self.until - now)
            return f"{mins} min" if mins < 120 else f"{mins // 60} h"
        return "perm"

    def label(self) -> str:
        """The spell with its detail (``"Resist Elements (fire)"``, ``"Growth +1"``)."""
        if self.detail == "drain":
            return f"{self.spell}: Magic -3D"
        if self.steps:
            return f"{self.spell} +{self.steps}"
        return f"{self.spell} ({self.detail})" if self.detail else self.spell


def make_effect(spell: str, cast: int, caster: str, tn: int, now: int, *,
                detail: str = "", steps: int = 0) -> Effect | None:
    """The effect a successful cast leaves on a target, or None for an instant spell.

    Args:
        spell: the spell.
        cast: the cast's number.
        caster: the caster's id.
        tn: the TN it was cast at.
        now: the campaign minute.
        detail: element, skill or note.
        steps: steps of scale.
    """
    kind, n = DURATIONS.get(spell, ("permanent", 0))
    if kind == "instant":
        return None
    return Effect(cast, spell, caster, tn, rounds=n if kind == "rounds" else None,
                  until=now + n if kind == "minutes" else None,
                  concentration=kind == "conc", detail=detail, steps=steps)


def pass_rounds(effects: tuple[Effect, ...], n: int = 1) -> tuple[Effect, ...]:
    """Effects after ``n`` rounds: round durations count down and end at 0."""
    out = []
    for e in effects:
        if e.rounds is not None:
            if e.rounds - n <= 0:
                continue
            e = replace(e, rounds=e.rounds - n)
        out.append(e)
    return tuple(out)


def end_rounds(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """Effects once a fight ends: those lasting rounds end with it (a house decision: the
    clock does not run during a fight, so the fight's end is taken to be past any count of
    rounds a spell of the Grimoire lasts, ten at most)."""
    return tuple(e for e in effects if e.rounds is None)


def pass_time(effects: tuple[Effect, ...], now: int, minutes: int) -> tuple[Effect, ...]:
    """Effects once the clock has moved from ``now`` by ``minutes``: hour and day durations
    end at their minute; round durations lose six rounds a minute."""
    kept = tuple(e for e in effects if e.until is None or e.until > now + minutes)
    return pass_rounds(kept, minutes * ROUNDS_PER_MINUTE) if minutes else kept


def helpless(effects: tuple[Effect, ...]) -> str | None:
    """Why a character is helpless by a spell (``"paralysed by Paralysis"``), or None."""
    for e in effects:
        if e.helpless:
            return f"{e.helpless} ({e.spell})"
    return None


def scale_steps(effects: tuple[Effect, ...]) -> int:
    """Steps of scale the effects add (Growth, Animal Growth, Shape Change)."""
    return sum(e.steps for e in effects)


def scaled(base: int, steps: int) -> int:
    """A scale in dice moved ``steps`` levels up the ladder of "Scaling" (0, 2, 4, 6, 12,
    24D); a scale off the ladder rises by the next rung's difference."""
    if not steps:
        return base
    rungs = [r for r in SCALE_LADDER if r > base]
    if steps <= len(rungs):
        return rungs[steps - 1]
    return SCALE_LADDER[-1]


def hastened(effects: tuple[Effect, ...]) -> bool:
    """Under Hasten: the multiple-action penalty is one die less (several do not stack)."""
    return any(e.spell == "Hasten" for e in effects)


def blocked(effects: tuple[Effect, ...], action: str) -> str | None:
    """Why a character may not take an action now (``"attack"``, ``"cast"``), or None.

    Earthquake: no moving, attacking or casting on the shaking ground. Clairvoyance: no
    physical action while the senses roam. Shape Change: no spells while changed.
    """
    for e in effects:
        if e.spell == "Earthquake":
            return "the ground is shaking (Earthquake)"
        if e.spell == "Clairvoyance" and action == "attack":
            return "the senses are away (Clairvoyance): no physical action"
        if e.spell == "Shape Change" and action == "cast":
            return "no spells while changed (Shape Change)"
    return None


def roll_modifier(effects: tuple[Effect, ...], what: str, attribute: str | None
                  ) -> tuple[DieCode, list[str]]:
    """The change the effects make to a roll.

    Args:
        effects: the roller's effects.
        what: the roll: an attribute, skill, ``"Skill: Focus"``, or ``"damage"``,
            ``"resist"``.
        attribute: the attribute the skill falls under (None for an attribute or damage).

    Returns:
        ``(modifier, reasons)``: Charm +4D on Charm and its skills; Invisibility +5D to
        Stealth; Resurrection's drain -3D on Magic. Bless is a flat bonus: :func:`roll_flat`.
    """
    skill = what.partition(":")[0].strip().lower()
    total = ZERO
    why: list[str] = []
    if any(e.spell == "Charm" for e in effects) and "charm" in (skill, (attribute or "").lower()):
        total, why = total + CHARM_BONUS, [*why, "Charm +4D"]
    if any(e.spell == "Invisibility" for e in effects) and skill == "stealth":
        total, why = total + INVISIBILITY_BONUS, [*why, "Invisibility +5D"]
    for e in effects:
        if e.spell == "Potion of Skill" and e.detail.lower() == skill:
            total, why = total + POTION_BONUS, [*why, "Potion of Skill +2D"]
    if skill == "magic":
        for e in effects:
            if e.detail == "drain":
                total, why = total - RESURRECTION_DRAIN, [*why, "Resurrection -3D"]
    return total, why


def roll_flat(effects: tuple[Effect, ...]) -> tuple[tuple[str, int, str], ...]:
    """The flat bonuses the effects add to the total of every roll (attack, defense, damage,
    resistance, casting, checks): Bless's +2 ("The Grimoire": "+2 bonus to all rolls").

    Returns:
        ``(source, amount, section)`` for :attr:`.wild.RollRequest.flat`.
    """
    if any(e.spell == "Bless" for e in effects):
        return (("Bless", BLESS_BONUS, "The Grimoire"),)
    return ()


def resist_bonus(effects: tuple[Effect, ...], element: str | None) -> DieCode:
    """Resist Elements: +1D to resist damage of the element chosen at the cast."""
    if not element:
        return ZERO
    hit = any(e.spell == "Resist Elements" and e.detail.lower() == element.lower()
              for e in effects)
    return RESIST_ELEMENTS_BONUS if hit else ZERO
