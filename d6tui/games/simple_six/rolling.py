"""How a Simple Six character's roll is made, and what stops him acting.

The die code of what is rolled (attribute, skill, specialization, quasi skill), wound and
multiple-action penalties, the reflex penalty, spell and item modifiers, flat bonuses, Lucky,
and the rolls themselves, from the app's dice or typed from the table ("The Wild Die",
"Multiple Actions", "Wound Level Effects").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError, RuleError
from d6tui.games.simple_six import effects, helpless, perks, reflexes, tools, wounds
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.paranormal import PARANORMAL, check_skill_open, closed
from d6tui.games.simple_six.perks import LUCKY
from d6tui.games.simple_six.settings import CampaignSettings
from d6tui.games.simple_six.sheet import Character
from d6tui.games.simple_six.state import ORDER, Campaign, Member, own_content
from d6tui.games.simple_six.wild import RollRequest, roll_wild, table_wild
from d6tui.games.simple_six.wild_options import WildOptions
from d6tui.words import plural

#: Typed dice for one roll: (ordinary faces, wild chain).
Typed = tuple[Sequence[int], Sequence[int]]


def wild_options(settings: CampaignSettings) -> WildOptions:
    """The options new rolls are made with.

    "Halfway There" is taken as its own ``halfway_taken`` event, with no roll; a roll that is
    made counts its dice, so new rolls are not flagged ``halfway`` (old logs keep the flag and
    its meaning).
    """
    return replace(settings.wild, halfway_there=False)


def make_roll(req: RollRequest, settings: CampaignSettings, dice: Dice | None,
          typed: Typed | None, *, lucky: bool = False) -> dict:
    """Make a wild-die roll with the app's dice or from faces typed at the table ("The Wild
    Die").

    Args:
        req: what is rolled and what changes it.
        settings: the campaign's rules (its wild-die options).
        dice: the app's dice, used when nothing is typed.
        typed: ``(faces, wild chain)`` thrown at the table, or None.
        lucky: a declared Lucky doubles this roll ("General Perks").

    Returns:
        The roll as a log-ready dict.

    Raises:
        DiceError: no dice and nothing typed, or typed faces that do not fit the roll.
    """
    if lucky:
        req = replace(req, doubled_by=(*req.doubled_by, LUCKY))
    if typed is not None:
        faces, wild = typed
        return table_wild(req, faces, wild, options=wild_options(settings))
    if dice is None:
        raise DiceError("roll the dice, or type the faces rolled at the table")
    return roll_wild(req, dice, wild_options(settings))


class Luck:
    """Whose declared Lucky this command's rolls spend: the first roll each such character
    makes ("General Perks": Lucky doubles the next roll). :meth:`mark` writes their ids into
    the payload as ``lucky``; fold clears the declaration."""

    def __init__(self, spent: Sequence[str] = ()) -> None:
        self.spent: list[str] = list(spent)

    def __call__(self, m: Member) -> bool:
        if m.lucky and m.id not in self.spent:
            self.spent.append(m.id)
            return True
        return False

    def mark(self, payload: dict) -> dict:
        if self.spent:
            payload["lucky"] = list(self.spent)
        return payload


def daredevil(state: Campaign, m: Member) -> bool:
    """Whether Daredevil holds for ``m`` now: in the fight, until the end of the round it was
    declared for (declared between rounds, that is the coming round)."""
    return (m.daredevil_round is not None and state.combat is not None
            and state.combat.round <= m.daredevil_round)


def wound_penalty(state: Campaign, m: Member) -> int:
    """Dice of wound penalty on ``m``'s rolls now, less his perks' relief ("Wound Level
    Effects"); none under Body Points.

    Raises:
        RuleError: ``m`` cannot act (knocked out, Mortally Wounded, dead).
    """
    rnd = state.combat.round if state.combat else None
    p = wounds.penalty(m.wounds, rnd, relief=relief_dice(m.sheet))
    if m.body is not None:
        p = None if m.body.dead else 0
    if p is None:
        raise RuleError(f"{m.sheet.name} cannot act", "Wound Level Effects")
    return p


def able_to_treat(state: Campaign, m: Member, what: str) -> int:
    """The wound penalty (dice) on ``m``'s roll to treat, heal or repair someone, himself
    included; a character who is knocked out, Mortally Wounded, dead, or held helpless by a
    spell does nothing ("Wound Level Effects": the unconscious take no action; wounds cost
    dice on all actions).

    Raises:
        RuleError: ``m`` cannot act.
    """
    why = helpless.helpless_reason(state, m)
    if why is not None:
        raise RuleError(f"{m.sheet.name} is {why} and cannot {what} anyone",
                        "Wound Level Effects")
    return wound_penalty(state, m)


def reflex_carried(state: Campaign, m: Member) -> int:
    """Dice of reflex penalty ``m`` carries until his next turn ("Defensive Options")."""
    return reflexes.reflex_dice(state.combat, m.id)


def check_not_dodging(state: Campaign, m: Member, what: str) -> None:
    """Refuse an attack or a spell by a combatant holding a full dodge."""
    if reflexes.held_dodge(state.combat, m.id) is not None:
        section = "Static Defenses" if state.settings.combat == "static" else (
            reflexes.DEFENSIVE_OPTIONS)
        raise RuleError(f"{m.sheet.name} is full dodging until their next turn and does"
                        f" nothing else: no {what}", section)


@own_content
def check_can_cast(state: Campaign, m: Member) -> None:
    """Every cast's checks on the caster, whatever the spell or its source (a spell known,
    Heal, a scroll): in a fight only in his own turn ("Order of Actions in a Round"), able to
    act, one spell a turn ("Casting Spells"), nothing stopping him (Earthquake, Shape Change),
    an action left of those declared ("Multiple Actions"), and not holding a full dodge
    ("Defensive Options"). A character outside the fight casts as out of one.

    Raises:
        RuleError: one of these is broken.
    """
    fight = state.combat
    in_fight = fight is not None and m.id in fight.ids
    if in_fight and fight is not None and fight.actor is not None and fight.actor != m.id:
        actor = state.member(fight.actor).sheet.name
        raise RuleError(f"it is {actor}'s turn, not {m.sheet.name}'s", ORDER)
    if m.out_of_action:
        raise RuleError(f"{m.sheet.name} cannot act", "Wound Level Effects")
    if m.caster.cast_this_turn and in_fight:
        raise RuleError("only one spell may be cast a turn", "Casting Spells")
    if (why := effects.blocked(m.effects, "cast")) is not None:
        raise RuleError(f"{m.sheet.name} cannot cast: {why}", "The Grimoire")
    check_action_left(state, m, "spell")
    check_not_dodging(state, m, "spell")


def heals_today(state: Campaign, patient: Member) -> int:
    """Heal spells cast on ``patient`` this campaign day (the day of the campaign clock, as the
    Spell Staff's), each +10 to the next ("The Grimoire": Heal)."""
    today = state.minutes // effects.DAY
    return sum(1 for t in patient.heal_casts if t // effects.DAY == today)


def check_heal_patient(patient: Member) -> None:
    """Refuse a Heal spell on a patient it cannot treat: one who does not heal (a Robot,
    "Racial Perks") or a campaign counting Body Points."""
    if not all(p.heals for p in patient.sheet.perk_data()):
        raise RuleError(NO_HEALING.format(name=patient.sheet.name), "Racial Perks")
    if patient.body is not None:
        raise RuleError("Heal lowers a wound level; this campaign counts Body Points",
                        "The Grimoire")


def relief_dice(sheet: Character) -> int:
    """Dice of wound penalty the character's perks take off at Wounded or worse ("Racial
    Perks")."""
    return sum(p.wound_relief for p in sheet.perk_data())


def actions_counted(state: Campaign, who: str) -> int:
    """Actions counted for the multiple-action penalty: those declared, one more for each
    spell kept up ("Concentration (CONC)") and for the concentration before a Heal ("The
    Grimoire"), one fewer under Hasten (never below one)."""
    n = state.combat.declared(who) if state.combat else 1
    m = state.member(who)
    focusing = m.caster.heal_focus is not None and m.caster.heal_turns < HEAL_FOCUS_TURNS
    n += len(m.caster.maintained) + (1 if focusing else 0)
    if effects.hastened(m.effects):
        n -= 1
    return max(1, n)


def magic_modifier(state: Campaign, m: Member, what: str) -> DieCode:
    """What spells and enchanted items change on ``m``'s roll of ``what`` (an attribute,
    skill, ``"damage"`` or ``"resist"``), see :func:`.effects.roll_modifier`."""
    # "Renaming Attributes": an attribute rolled by its campaign name is read by its id, so
    # the Charm spell's dice follow a renamed Charm.
    named = state.settings.attribute_id(what)
    if named is not None:
        what = named
    attr = state.settings.skills.attribute_of(what.partition(":")[0].strip())
    mod, _why = effects.roll_modifier(m.effects, what, attr)
    return mod + tools.item_bonus(m.items, what)


def flat_bonuses(state: Campaign, m: Member, what: str) -> tuple[tuple[str, int, str], ...]:
    """The flat bonuses added to the total of ``m``'s roll of ``what`` (any roll, ``"damage"``
    and ``"resist"`` included): Bless's +2 ("The Grimoire") and the Dwarf's +2 to crafts
    ("Racial Perks"); ``(source, amount, section)`` for :attr:`.wild.RollRequest.flat`."""
    return effects.roll_flat(m.effects) + perks.skill_bonuses(m.sheet, what)


def check_hero_points(m: Member, spent: int) -> None:
    """Refuse hero points ``m`` does not have ("Hero Points": spent before any roll)."""
    if spent < 0 or spent > m.sheet.hero_points:
        raise RuleError(f"{m.sheet.name} has {m.sheet.hero_points} hero points", "Hero Points")


def check_action_left(state: Campaign, m: Member, what: str) -> None:
    """Refuse an action past the number ``m`` declared for the round ("Multiple Actions")."""
    fight = state.combat
    if fight is None:
        return
    left = fight.actions_left(m.id)
    if left is not None and left <= 0:
        n = fight.declared(m.id)
        made = "it" if n == 1 else f"all {n}"
        raise RuleError(
            f"{m.sheet.name} declared {plural(n, 'action')} this round and has made"
            f" {made}; no further {what} this turn (declare more actions at the start of the"
            " round, at -1D each)", "Multiple Actions")


def code_for(state: Campaign, m: Member, what: str) -> DieCode:
    """An attribute or skill code by name ("Might", "Sword"), or a specialization; an
    attribute may be named by the campaign's name for it ("Renaming Attributes"), and
    ``"Wit + Sword"`` adds the attribute chosen for the roll to the skill's own dice
    ("Independent Skills")."""
    sheet = m.sheet
    s = state.settings
    if " + " in what:
        attr_text, _, skill = what.partition(" + ")
        attr = s.attribute_id(attr_text)
        if attr is None or attr not in s.attributes:
            raise RuleError(f"'{attr_text.strip()}' is not an attribute of this campaign",
                            "Attributes")
        check_skill_open(sheet, skill.strip(), s, attribute=attr)
        return sheet.skill(skill.strip(), s, attribute=attr)
    if ":" in what:
        skill, _, focus = what.partition(":")
        check_skill_open(sheet, skill.strip(), s)
        return sheet.specialization_code(skill.strip(), focus.strip(), s)
    attr = s.attribute_id(what)
    for a, code in sheet.attributes:
        if a == attr:
            if closed(a, code, s):
                raise RuleError(f"{sheet.name} has 0D in {s.attribute_name(a)}: no gift to"
                                " roll", PARANORMAL)
            return code
    quasi = sheet.quasi_code(what)
    if quasi is not None:
        if quasi.total_pips == 0:
            raise RuleError(f"{m.sheet.name} has 0D in {what.strip()}: no gift to roll",
                            "Adding Paranormal Abilities")
        return quasi
    check_skill_open(sheet, what.strip(), s)
    return sheet.skill(what.strip(), s)


#: Why a Robot is refused healing ("Racial Perks": he does not heal, he is repaired).
NO_HEALING = ("{name} does not heal (no rest, potion or Heal spell): he is repaired."
               " A repair is a skill roll the GM sets (H: Repair or a craft skill against"
               " the GM's TN).")


#: The spell that lowers a wound level ("The Grimoire").
HEAL_SPELL = "Heal"

#: Turns of concentration before Heal is cast ("The Grimoire"; :mod:`.heal_focus`).
HEAL_FOCUS_TURNS = 6
