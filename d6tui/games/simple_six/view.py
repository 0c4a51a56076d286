"""What each seat of a Simple Six campaign may see (``GameDefinition.view``).

The seats are the game master (seat 0) and one per player character, in the order they
joined the roster (a seat stays with its character: :func:`seats`). The
GM sees everything. A player's seat sees the tracker (who is in the fight, initiative,
wound levels, effects) and every player character's sheet, but no NPC statistics: an NPC
shows its name, wounds and scale only ("Nonplayer Characters" are the GM's). A spectator
sees what a player sees. Sheets of the party are open at the table, so players see each
other's (a decision: the SRD keeps only the GM's notes from the players).
"""

from __future__ import annotations

from dataclasses import replace

from d6tui.engine.game import Seat
from d6tui.games.simple_six.sheet import Character
from d6tui.games.simple_six.state import Campaign, Member

#: The GM's seat.
GM = 0


def seats(state: Campaign) -> tuple[str, ...]:
    """``("GM", player character names...)``: seat ``i + 1`` is the ``i``-th player
    character to join the roster, for good (``Campaign.seated``). One who has left the
    roster keeps his seat, named "NAME (left the roster)", so no other seat moves and a
    player seated over SSH keeps his character."""
    names = []
    for cid, name in state.seated:
        m = next((x for x in state.members if x.id == cid), None)
        names.append(m.sheet.name if m is not None else f"{name} (left the roster)")
    return ("GM", *names)


def seat_of(state: Campaign, who: str) -> int | None:
    """The seat of the player character with id ``who``, or None (an NPC, or no one)."""
    for i, (cid, _) in enumerate(state.seated):
        if cid == who:
            return i + 1
    return None


def character_at(state: Campaign, seat: Seat) -> str | None:
    """The id of the player character seated at ``seat`` (1..), or None (the GM, a
    spectator, or a seat past the roster's)."""
    if seat is None or seat == GM or not 0 < seat <= len(state.seated):
        return None
    return state.seated[seat - 1][0]


def seat_to_move(state: Campaign) -> Seat:
    """The GM runs the tracker: every move is made from the GM's seat."""
    return GM


def _statless(sheet: Character) -> Character:
    return replace(sheet, attributes=(), skills=(), specializations=(), perks=(),
                   complications=(), weapons=(), armor=(), spells=(), quasi=(),
                   hero_points=0, character_points=0, body_points=None)


def view(state: Campaign, seat: Seat) -> Campaign:
    """The campaign as ``seat`` may see it.

    Args:
        state: the campaign.
        seat: 0 the GM (everything), 1.. a player's character, None a spectator.

    Returns:
        The state itself for the GM; otherwise the state with every NPC's sheet reduced to its
        name, NPC mark and scale (its wounds, effects and place in the fight stay).
    """
    if seat == GM:
        return state
    members = tuple(m if not m.sheet.npc else _hide(m) for m in state.members)
    return replace(state, members=members)


def _hide(member: Member) -> Member:
    return replace(member, sheet=_statless(member.sheet), tools=(), items=())
