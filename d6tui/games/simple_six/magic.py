"""Magic in Simple Six: casting against a spell's TN, the growing penalty after failures, rest,
concentration, and the spells whose damage or TN follow their own rule ("The Simple Magic
System", "The Grimoire").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.content import Spell, content

_CAST = "Casting Spells"

#: Minutes of uninterrupted rest that clear the failure penalty.
REST_MINUTES = 60

#: Teleport: the TN for one target and the rise for each more ("The Grimoire").
TELEPORT_TN = 30
TELEPORT_PER_TARGET = 5

#: Illusions: base TN and the rise for each person after the first.
ILLUSIONS_TN = 15
ILLUSIONS_PER_PERSON = 2

#: Growth and Shape Change: the rise for each step of scale.
SCALE_STEP_TN = 10

#: Fly's TN when only rising or sinking straight up and down.
LEVITATE_TN = 15

#: Dispel Magic's TN is this much above the spell it undoes.
DISPEL_MARGIN = 5

#: Dice the Resurrection spell takes from the caster's Magic for a day.
RESURRECTION_DRAIN = DieCode.of(3)


#: Spells that harm whom they are cast at: damage (Death Spell, Lightning Bolt, Earthquake) or
#: a harm laid on the target (Curse, Petrify). A White Wizard may cast none of them ("Magic
#: Complications": he cannot harm anyone with his magic); which spells harm is d6tui's reading
#: of the Grimoire, listed in :mod:`.rules`.
HARMFUL_SPELLS = frozenset({"Death Spell", "Lightning Bolt", "Earthquake", "Curse", "Petrify"})


def check_not_harmful(complications: tuple[str, ...], name: str, spell: str) -> None:
    """Refuse a harmful spell to a White Wizard ("Magic Complications").

    Args:
        complications: the caster's complications.
        name: the caster's name, for the message.
        spell: the spell.

    Raises:
        RuleError: he is a White Wizard and the spell is one of :data:`HARMFUL_SPELLS`.
    """
    if "White Wizard" in complications and spell in HARMFUL_SPELLS:
        raise RuleError(f"{name} is a White Wizard and cannot harm anyone with magic: no"
                        f" {spell}", "Magic Complications")


@dataclass(frozen=True)
class Caster:
    """A sorcerer's state between casts.

    Attributes:
        failures: failed casts since the last rest; each costs -1D on Magic.
        cast_this_turn: a spell has been cast this turn (one a turn).
        maintained: spells kept up by concentration, each counting as an action.
        heal_focus: the patient the caster is concentrating on before casting Heal, or None
            ("The Grimoire": six turns of concentration first; :mod:`.heal_focus`).
        heal_turns: turns (rounds) of that concentration so far.
    """

    failures: int = 0
    cast_this_turn: bool = False
    maintained: tuple[str, ...] = ()
    heal_focus: str | None = None
    heal_turns: int = 0

    @property
    def penalty(self) -> DieCode:
        """Dice off Magic for past failures."""
        return DieCode.of(self.failures)


def spell_tn(
    spell: str | Spell,
    *,
    resist_total: int | None = None,
    extra_targets: int = 0,
    scale_steps: int = 0,
    levitate_only: bool = False,
    dispelled_tn: int | None = None,
) -> int:
    """A spell's target number, with its own rule where the Grimoire gives one.

    Args:
        spell: the spell or its name.
        resist_total: the target's resist roll, for spells resisted by an attribute.
        extra_targets: targets beyond the first (Teleport, Illusions).
        scale_steps: steps of scale (Growth, Shape Change).
        levitate_only: Fly used only to rise and sink.
        dispelled_tn: the TN of the spell Dispel Magic undoes.

    Returns:
        The target number.

    Raises:
        RuleError: a resisted spell without the resist roll, Dispel Magic without the dispelled
            spell's TN, or a spell whose TN the GM sets (Divination, Heal: see
            :func:`.wounds.heal_spell_tn`).
    """
    s = spell if isinstance(spell, Spell) else content().spell(spell)
    if s.name == "Dispel Magic":
        if dispelled_tn is None:
            raise RuleError("Dispel Magic needs the TN of the spell it undoes", "The Grimoire")
        return dispelled_tn + DISPEL_MARGIN
    if s.name == "Teleport":
        return TELEPORT_TN + TELEPORT_PER_TARGET * extra_targets
    if s.name == "Illusions":
        base = ILLUSIONS_TN + ILLUSIONS_PER_PERSON * extra_targets
    elif s.name == "Fly" and levitate_only:
        return LEVITATE_TN
    elif s.tn is None:
        raise RuleError(f"the GM sets the TN of {s.name}", "The Grimoire")
    else:
        base = s.tn
    if s.name in ("Growth", "Shape Change"):
        base += SCALE_STEP_TN * scale_steps
    if s.resist is not None:
        if resist_total is None:
            raise RuleError(f"{s.name} is resisted with {s.resist}: add the target's roll",
                            "The Grimoire")
        base += resist_total
    return base


def casting_code(magic: DieCode, caster: Caster) -> DieCode:
    """The Magic code actually rolled: less a die for each failure since the last rest.

    Args:
        magic: the caster's Magic skill.
        caster: the caster's state.

    Returns:
        The code ("Casting Spells").
    """
    return magic - caster.penalty


def cast(caster: Caster, roll_total: int, tn: int, *, concentration: str | None = None
         ) -> tuple[Caster, bool]:
    """Resolve a cast: success casts the spell; failure adds -1D to Magic until rest.

    Args:
        caster: the caster's state.
        roll_total: the Magic roll's total (rolled with :func:`casting_code`).
        tn: the spell's target number.
        concentration: the name of a concentration spell to keep up when it succeeds.

    Returns:
        ``(new state, success)``.

    Raises:
        RuleError: a spell was already cast this turn.
    """
    if caster.cast_this_turn:
        raise RuleError("only one spell may be cast a turn", _CAST)
    if roll_total >= tn:
        kept = caster.maintained + ((concentration,) if concentration else ())
        return replace(caster, cast_this_turn=True, maintained=kept), True
    return replace(caster, failures=caster.failures + 1, cast_this_turn=True), False


def next_turn(caster: Caster) -> Caster:
    """A new turn: another spell may be cast."""
    return replace(caster, cast_this_turn=False)


def rest(caster: Caster, minutes: int) -> Caster:
    """An hour of uninterrupted rest clears every failure penalty.

    Args:
        caster: the caster's state.
        minutes: minutes rested without interruption.

    Returns:
        The new state (unchanged when the rest was too short).
    """
    return replace(caster, failures=0) if minutes >= REST_MINUTES else caster


def drop(caster: Caster, spell: str) -> Caster:
    """Stop keeping a concentration spell up.

    Raises:
        RuleError: the spell is not being maintained.
    """
    if spell not in caster.maintained:
        raise RuleError(f"{spell} is not being maintained", "Concentration (CONC)")
    kept = list(caster.maintained)
    kept.remove(spell)
    return replace(caster, maintained=tuple(kept))


def death_spell_damage(magic: DieCode, wit: DieCode) -> DieCode:
    """Death Spell damage: the Magic skill without its Wit (Magic 10D, Wit 4D: 6D).

    Args:
        magic: the caster's Magic skill (which includes Wit).
        wit: the caster's Wit.

    Returns:
        The damage code; the target resists with Might alone.
    """
    return magic - wit


#: Lightning Bolt damage; armor does not count against it ("The Grimoire").
LIGHTNING_BOLT_DAMAGE = DieCode.of(5)


def tn_words(spell: str | Spell) -> str:
    """A spell's target number for a sheet, in short words: ``TN 19``, ``TN 15/19/23``
    (Heal, by the patient's wounds), ``TN 15 + Wit`` (resisted), ``TN of the spell +5``
    (Dispel Magic), ``TN set by the GM`` ("The Grimoire")."""
    s = spell if isinstance(spell, Spell) else content().spell(spell)
    if s.name == "Heal":
        return "TN 15/19/23"
    if s.name == "Dispel Magic":
        return f"TN of the spell +{DISPEL_MARGIN}"
    if s.name == "Teleport":
        return f"TN {TELEPORT_TN}, +{TELEPORT_PER_TARGET} a companion"
    if s.name == "Illusions":
        base = f"TN {ILLUSIONS_TN}, +{ILLUSIONS_PER_PERSON} a viewer"
    elif s.tn is None:
        return "TN set by the GM"
    else:
        base = f"TN {s.tn}"
    if s.name in ("Growth", "Shape Change"):
        base += f", +{SCALE_STEP_TN} a step"
    if s.resist is not None:
        base += f" + {s.resist}"
    return base
