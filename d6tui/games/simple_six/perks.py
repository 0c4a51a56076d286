"""Once-per-session perks ("General Perks") and the perks' bonuses to skill rolls ("Racial
Perks").

Which perks are once a session is content data (``once_per_session = true`` in
``simple_six.toml``): Attractive, Daredevil, Destiny, Favors, Lucky and Perceptive in the SRD; a
setting's own perk marked so is counted the same way. Each use is a ``perk_used`` event (or,
for Attractive and Destiny, part of the roll they change), and the roster entry remembers which
were spent (:attr:`.state.Member.perks_used`).

- Counting: a use is counted for the running session; every count is cleared when a session
  starts. Outside a session the perks cannot be used (the SRD counts them per session, so there
  is nothing to count them against): start a session first. A Lucky declared but not rolled, or
  a Daredevil round not reached, lapses when the session ends.
- Lucky: declared with ``perk_used``; the character's next roll of any kind (a check, an
  attack or its damage, a defense, a resist roll, a spell, initiative, a wound or healing roll,
  a vehicle roll: gunnery, piloting, Command, Repair)
  has its result doubled (``doubled_by`` in the roll; the event lists ``lucky``).
- Attractive: the GM marks a check as about appearance when rolling it; its result is doubled
  (:func:`.campaign.roll_check`, ``appearance=True``).
- Destiny: right after a failed roll against a target, the character rerolls it
  (:mod:`.afterroll`).
- Daredevil: declared in a fight, it holds until the end of the round running (declared
  between rounds, until the end of the coming one): meanwhile the character's Dodge, Block
  and Parry are halved (static scores, or the traditional defense roll's result, rounded
  down) and his Might against damage is doubled (static Soak's Might part, or the
  traditional resist roll; armor is not doubled).
- Perceptive: when the GM reveals nothing, the use is recorded but not spent ("If nothing is
  revealed this perk may be used again").
- Favors and any other once-per-session perk with no number to apply: marked used with the
  GM's note.

Lucky and Attractive on the same roll each double it (x4): each perk was spent on it.
"""

from __future__ import annotations

from dataclasses import replace

from d6tui.engine.errors import EventError, RuleError
from d6tui.games.simple_six.content import Perk, content
from d6tui.games.simple_six.events import member_of, needed
from d6tui.games.simple_six.sheet import Character
from d6tui.games.simple_six.state import Campaign, LastRoll, Member, own_content

_GENERAL = "General Perks"

#: The perk that doubles a character's next roll once declared ("General Perks").
LUCKY = "Lucky"
#: The perk that halves a character's defenses and doubles his resistance for a round.
DAREDEVIL = "Daredevil"

#: The perks the rules apply a number for ("General Perks").
ATTRACTIVE = "Attractive"
DESTINY = "Destiny"
PERCEPTIVE = "Perceptive"

__all__ = ["ATTRACTIVE", "DAREDEVIL", "DESTINY", "LUCKY", "PERCEPTIVE"]


def session_perks(sheet: Character) -> list[Perk]:
    """The character's once-per-session perks, in sheet order."""
    return [p for p in sheet.perk_data() if p.per_session]


def _perk_name(sheet: Character, perk: str) -> str:
    """The perk's name as the tables spell it, checked to be on the sheet."""
    try:
        name = content().perk(perk).name
    except RuleError:
        name = perk
    if not sheet.has_perk(name):
        raise RuleError(f"{sheet.name} does not have the {name} perk", _GENERAL)
    return name


def check_unused(state: Campaign, m: Member, perk: str) -> str:
    """Check that ``m`` may use a once-per-session perk now.

    Args:
        state: the campaign.
        m: the character.
        perk: the perk's name (any case).

    Returns:
        The perk's name as the tables spell it.

    Raises:
        RuleError: no session is running, the character lacks the perk, the perk is not a
            once-per-session one, or it was used this session.
    """
    name = _perk_name(m.sheet, perk)
    if not state.settings.content.perk(name).per_session:
        raise RuleError(f"{name} is not a once-per-session perk: there is no use to count",
                        _GENERAL)
    if not state.in_session:
        raise RuleError(f"{name} is counted once per session: start a session first (s)",
                        _GENERAL)
    if name in m.perks_used:
        raise RuleError(f"{m.sheet.name} has used {name} this session; it comes back when the"
                        " next session starts", _GENERAL)
    return name


@own_content
def use_perk(state: Campaign, who: str, perk: str, *, note: str = "",
             revealed: bool = True) -> dict:
    """Use a once-per-session perk that is declared rather than rolled: Lucky, Daredevil,
    Favors, Perceptive and the like ("General Perks").

    Args:
        state: the campaign.
        who: the character.
        perk: the perk.
        note: the GM's words on what it did (the favor called in, the clue found).
        revealed: for Perceptive, whether the GM revealed something (when not, the perk may be
            used again).

    Returns:
        A ``perk_used`` payload (``round`` for Daredevil, ``revealed = false`` for a Perceptive
        study that found nothing).

    Raises:
        RuleError: see :func:`check_unused`; Attractive and Destiny, which are used on a roll;
            Daredevil outside a fight, or lucky already declared.
    """
    m = state.member(who)
    name = check_unused(state, m, perk)
    if name == ATTRACTIVE:
        raise RuleError("Attractive doubles a roll about looks: mark the roll as one when"
                        " rolling it (x)", _GENERAL)
    if name == DESTINY:
        raise RuleError("Destiny rerolls a failed roll: use it right after the roll fails",
                        _GENERAL)
    payload: dict = {"type": "perk_used", "who": m.id, "perk": name}
    if name == DAREDEVIL:
        fight = state.combat
        if fight is None or m.id not in fight.ids:
            raise RuleError(f"Daredevil lasts a round of a fight; {m.sheet.name} is not in one",
                            _GENERAL)
        payload["round"] = fight.round if fight.actor is not None else fight.round + 1
    if name == PERCEPTIVE and not revealed:
        payload["revealed"] = False
    if note.strip():
        payload["note"] = note.strip()
    return payload


@own_content
def usable(state: Campaign, who: str) -> list[tuple[str, str | None]]:
    """The character's once-per-session perks and why each cannot be used now.

    Args:
        state: the campaign.
        who: the character.

    Returns:
        ``(perk, reason)`` pairs; ``reason`` is None for a perk that can be used now.
    """
    m = state.member(who)
    out: list[tuple[str, str | None]] = []
    for p in session_perks(m.sheet):
        try:
            check_unused(state, m, p.name)
            reason = None
        except RuleError as e:
            reason = e.args[0] if e.args else str(e)
        if reason is None and p.name == LUCKY and m.lucky:
            reason = "declared: the next roll is doubled"
        out.append((p.name, reason))
    return out


def spent_text(m: Member) -> str:
    """The sheet's words for the once-per-session perks this session: ``Lucky declared,
    Favors spent``; empty when there is nothing to say."""
    parts = [f"{p} spent" for p in m.perks_used if not (p == LUCKY and m.lucky)]
    if m.lucky:
        parts.insert(0, "Lucky declared (next roll x2)")
    if m.daredevil_round is not None:
        parts.append(f"Daredevil round {m.daredevil_round}")
    return ", ".join(parts)


def skill_bonuses(sheet: Character, what: str) -> tuple[tuple[str, int, str], ...]:
    """The perks' flat bonuses to a roll of a skill (or of its specialization): the Dwarf's +2
    to smithing and other crafts ("Racial Perks"), added to the total, not to the die code.

    Args:
        sheet: the roller.
        what: the skill, attribute, ``"Skill: Focus"`` or ``"Attribute + Skill"`` rolled.

    Returns:
        ``(source, amount, section)`` for :attr:`.wild.RollRequest.flat`
        (``("Dwarf Smithing", 2, "Racial Perks")``).
    """
    # "Wit + Smithing" (Independent Skills) and "Smithing: Swords" roll Smithing
    skill = what.rpartition(" + ")[2].partition(":")[0].strip().lower()
    out = []
    for p in sheet.perk_data():
        for name, pips in p.skill_bonus:
            if name.lower() == skill:
                out.append((f"{p.name} {name}", pips, p.section))
    return tuple(out)


# -- fold -------------------------------------------------------------------------------------


def spend_perk(state: Campaign, m: Member, perk: str) -> Member:
    """Mark a perk spent in fold, refusing an event that never fitted ("General Perks").

    Raises:
        EventError: the perk is not the character's, or was used this session already.
    """
    try:
        name = check_unused(state, m, perk)
    except RuleError as e:
        raise EventError(str(e)) from None
    return replace(m, perks_used=(*m.perks_used, name))


def fold_perk_used(state: Campaign, e: dict) -> Campaign:
    """Apply ``perk_used``: the perk is spent; Lucky waits for the next roll; Daredevil holds
    for its round; a Perceptive study that revealed nothing is not spent.

    Raises:
        EventError: the character could not use the perk then.
    """
    m = member_of(state, needed(e, "who"))
    perk = str(needed(e, "perk"))
    if e.get("revealed") is False:
        try:
            check_unused(state, m, perk)
        except RuleError as err:
            raise EventError(str(err)) from None
        return state
    m = spend_perk(state, m, perk)
    if m.perks_used[-1] == LUCKY:
        m = replace(m, lucky=True)
    elif m.perks_used[-1] == DAREDEVIL:
        fight = state.combat
        if fight is None or m.id not in fight.ids:
            raise EventError("Daredevil is declared in a fight")
        m = replace(m, daredevil_round=int(needed(e, "round")))
    return state._put(m)


#: Events that act on the roll just made and so leave it open for the next change.
_ON_LAST_ROLL = frozenset({"destiny_rerolled", "cp_added"})

#: Events whose roll can be rerolled by Destiny or improved with character points: key of the
#: roll and of the roller.
_OPEN_ROLLS = {"rolled": ("roll", "who"), "spell_cast": ("roll", "who"),
               "attacked": ("attack", "attacker"),
               # the free roll to stay up and the Might roll against death ("Wound Level
               # Effects"): the rolls Destiny matters most on
               "stay_up_rolled": ("roll", "who"), "mortal_rolled": ("roll", "who")}


def after(before: Campaign, state: Campaign, e: dict) -> Campaign:
    """What every event does to the perks, after its own fold: a Lucky it spent, an Attractive
    roll, the session's counts, the end of a Daredevil round, and the roll left open to
    Destiny and character points (until any other event).

    Args:
        before: the campaign before the event.
        state: the campaign after the event's own fold.
        e: the event.

    Returns:
        The campaign.

    Raises:
        EventError: a Lucky or Attractive the character did not have to spend.
    """
    t = e.get("type")
    for who in e.get("lucky", ()):
        m = member_of(state, who)
        if not m.lucky:
            raise EventError(f"{m.sheet.name} had declared no Lucky to double a roll")
        state = state._put(replace(m, lucky=False))
    if e.get("perk") == ATTRACTIVE and t == "rolled":
        state = state._put(spend_perk(state, member_of(state, e.get("who")), ATTRACTIVE))
    if t == "session_started":
        state = replace(state, members=tuple(
            replace(m, perks_used=(), lucky=False, daredevil_round=None)
            for m in state.members))
    elif t in ("session_ended", "combat_ended"):
        state = replace(state, members=tuple(
            replace(m, daredevil_round=None, lucky=m.lucky and t == "combat_ended")
            for m in state.members))
    if t in _OPEN_ROLLS:
        key, who = _OPEN_ROLLS[str(t)]
        # the snapshot forgets its own open roll, so states do not chain back through the log
        return replace(state, last_roll=LastRoll(replace(before, last_roll=None), e, key,
                                                 member_of(state, e[who]).id))
    if t in _ON_LAST_ROLL:
        return state
    return replace(state, last_roll=None) if state.last_roll is not None else state
