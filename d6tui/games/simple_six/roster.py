"""Setting up a Simple Six campaign and its roster: the options, the first event, adding
and importing characters, sessions and the character points they award ("Campaign",
"Character Points", "Improving Characters").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError, EventError, RuleError
from d6tui.games.simple_six import advancement
from d6tui.games.simple_six.codes import DieCode, as_code
from d6tui.games.simple_six.creation import Draft, create_character
from d6tui.games.simple_six.rolling import Typed, make_roll
from d6tui.games.simple_six.settings import TOUGHNESS, CampaignSettings
from d6tui.games.simple_six.sheet import NO_ATTRIBUTE_BASE, sheet_from_dict, sheet_to_dict
from d6tui.games.simple_six.state import Campaign, own_content, slug
from d6tui.games.simple_six.tables import installed_doc
from d6tui.games.simple_six.templates import Template
from d6tui.games.simple_six.wild import RollRequest


def check_options(options: dict) -> dict:
    """Normalise a new campaign's options (its settings, and an optional ``seed``).

    Raises:
        RuleError: a setting the rules do not allow.
    """
    try:
        settings = CampaignSettings.from_mapping(options)
    except DiceError as e:
        raise RuleError(str(e), "Making the Game Your Own") from None
    settings.check_new()
    out = settings.to_mapping()
    if "seed" in options:
        out["seed"] = options["seed"]
    return out


def start(options: dict, dice: Dice) -> dict:
    """The first event: the campaign's settings, and its own copy of the content (the shipped
    tables and templates with the user's overrides, as they are today: :mod:`.tables`)."""
    return {"type": "campaign_started",
            "settings": {k: v for k, v in options.items() if k != "seed"},
            "content": installed_doc()}


def new_state(options: dict) -> Campaign:
    """The state before any event."""
    return Campaign()


@own_content
def add_character(
    state: Campaign,
    draft: Draft,
    *,
    dice: Dice | None = None,
    body_typed: Typed | None = None,
) -> dict:
    """Add a player character or an NPC (``draft.npc``), checked by the creation rules.

    Args:
        state: the campaign.
        draft: the character's choices.
        dice: the app's dice, for the Body Points roll when the campaign rolls them.
        body_typed: that roll typed from the table instead.

    Returns:
        A ``character_added`` payload.

    Raises:
        RuleError: a creation rule is broken, or the name is taken.
    """
    cid = slug(draft.name)
    if any(m.id == cid for m in state.members):
        raise RuleError(f"there is already a character called {draft.name}", "Campaign")
    s = state.settings
    payload: dict = {"type": "character_added", "id": cid}
    total = None
    if s.wounds == "body_points" and s.body_points == "rolled":
        might = _body_code(draft, s)  # checked by creation just below
        roll = make_roll(RollRequest(might, label="Body Points"), s, dice, body_typed)
        payload["body_roll"] = roll
        total = roll["total"]
    sheet = create_character(draft, s, body_roll_total=total)
    payload["sheet"] = sheet_to_dict(sheet)
    return payload


def _body_code(draft: Draft, s: CampaignSettings) -> DieCode:
    """The code rolled for Body Points: Might as typed (by id or its campaign name), or the
    Toughness skill under "No Attributes"."""
    if s.no_attributes:
        added = next((v for k, v in draft.skills.items() if k.lower() == TOUGHNESS.lower()),
                     "0D")
        return NO_ATTRIBUTE_BASE + as_code(added)
    typed = next((v for k, v in draft.attributes.items() if s.attribute_id(str(k)) == "Might"),
                 "1D")
    return as_code(typed)


@own_content
def import_character(state: Campaign, sheet: Mapping) -> dict:
    """Add a sheet exported from another campaign (as :func:`sheet_to_dict` wrote it).

    Args:
        state: the campaign.
        sheet: the stored sheet.

    Returns:
        A ``character_added`` payload marked ``imported``.

    Raises:
        RuleError: the sheet does not read, or the name is taken.
    """
    try:
        character = sheet_from_dict(dict(sheet))
    except EventError as e:
        raise RuleError(str(e), "Campaign") from None
    cid = slug(character.name)
    if any(m.id == cid for m in state.members):
        raise RuleError(f"there is already a character called {character.name}", "Campaign")
    have = tuple(a for a, _c in character.attributes)
    if have != state.settings.attributes:
        want = ", ".join(state.settings.attribute_name(a) for a in state.settings.attributes)
        raise RuleError(f"{character.name} has the attributes {', '.join(have) or 'none'};"
                        f" this campaign uses {want or 'none'}", "Attributes")
    return {"type": "character_added", "id": cid, "sheet": sheet_to_dict(character),
            "imported": True}


@own_content
def start_session(state: Campaign) -> dict:
    """Mark the start of a session ("Definitions of Common Game Terms": Session).

    Raises:
        RuleError: a session is already running.
    """
    if state.in_session:
        raise RuleError("a session is already running; end it first", "Experience")
    return {"type": "session_started", "number": state.session + 1}


@own_content
def end_session(state: Campaign, cp: Mapping[str, int],
                hero_points: Mapping[str, int] | None = None,
                complications: Mapping[str, Sequence[str]] | None = None) -> dict:
    """End the session, awarding character points, hero points earned, and a CP for each of a
    character's complications that came up ("Experience", "Complications").

    Args:
        state: the campaign.
        cp: character id -> CP awarded (3 to 7 is usual, "Experience").
        hero_points: character id -> hero points earned.
        complications: character id -> his complications that complicated his life this
            session: one CP each, at most one per complication however often it came up
            ("Complications"). A White Wizard's CP comes every session without asking
            ("Magic Complications"), so it is added here by itself.

    Returns:
        A ``session_ended`` payload; ``complications`` lists the CP each one earned.

    Raises:
        RuleError: no session, a fight still going, an unknown character, a negative award,
            or a complication the character does not have.
    """
    if not state.in_session:
        raise RuleError("no session is running", "Experience")
    if state.combat is not None:
        raise RuleError("end the fight before the session", "Experience")
    hp = dict(hero_points or {})
    for who, n in [*cp.items(), *hp.items()]:
        state.member(who)
        if not isinstance(n, int) or n < 0:
            raise RuleError("awards are whole numbers, 0 or more", "Experience")
    came: dict[str, list[str]] = {}
    for who, names in (complications or {}).items():
        m = state.member(who)
        for name in names:
            if name not in m.sheet.complications:
                raise RuleError(f"{m.sheet.name} has no complication {name!r}", "Complications")
            if name not in came.setdefault(m.id, []):
                came[m.id].append(name)
    for m in state.members:
        if WHITE_WIZARD in m.sheet.complications and WHITE_WIZARD not in came.get(m.id, []):
            came.setdefault(m.id, []).append(WHITE_WIZARD)
    payload: dict = {"type": "session_ended", "number": state.session,
                     "cp": {state.member(k).id: v for k, v in cp.items()},
                     "hero_points": {state.member(k).id: v for k, v in hp.items()}}
    came = {k: v for k, v in came.items() if v}
    if came:
        payload["complications"] = came
    return payload


#: The magic complication that earns a CP every session ("Magic Complications").
WHITE_WIZARD = "White Wizard"


@own_content
def spend_cp(state: Campaign, who: str, kind: str, target: str, *, from_book: bool = False,
             price: int | None = None) -> dict:
    """Spend character points: raise a skill, specialization or attribute, buy a perk, learn a
    spell, or buy off a complication.

    Args:
        state: the campaign.
        who: the character.
        kind: ``"skill"``, ``"specialization"`` (target ``"Skill: Focus"``), ``"attribute"``,
            ``"perk"``, ``"spell"``, ``"buy_off"`` or ``"quasi"`` (a quasi skill).
        target: what is raised, bought, learnt or bought off.
        from_book: a spell learnt from a spell book.
        price: the GM's price for buying off a complication.

    Returns:
        A ``cp_spent`` payload.

    Raises:
        RuleError: the advancement rule is broken, or a fight is going on.
    """
    if state.combat is not None:
        raise RuleError("character points are spent between fights", "Spending Character Points")
    m = state.member(who)
    _new, cost = advancement.spend(m.sheet, state.settings, kind, target,
                                   from_book=from_book, price=price)
    payload = {"type": "cp_spent", "who": m.id, "kind": kind, "target": target, "cost": cost}
    if from_book:
        payload["from_book"] = True
    if price is not None:
        payload["price"] = price
    return payload


@own_content
def add_from_template(state: Campaign, template: Template, name: str, *,
                      hero_points: int = 0, **kwargs: Any) -> dict:
    """Add an NPC made from ``template`` to the roster (a ``character_added`` event).

    Args:
        state: the campaign.
        template: the template.
        name: the NPC's name ("Goblin 2").
        hero_points: the hero points the GM gives him (none unless given: a template is a
            stock NPC, and "Hero Points" are the heroes').
        **kwargs: ``dice`` / ``body_typed`` for a Body Points roll, as
            :func:`add_character` takes them.

    Returns:
        The payload, the template's scale written on the sheet and its name noted.

    Raises:
        RuleError: the name is taken or the template breaks a rule NPCs keep.
    """
    payload = add_character(state, template.draft(name, state.settings), **kwargs)
    if template.scale:
        payload["sheet"]["scale"] = template.scale
    payload["template"] = template.name
    if hero_points < 0:
        raise RuleError("hero points are 0 or more", "Hero Points")
    payload["sheet"]["hero_points"] = hero_points
    return payload
