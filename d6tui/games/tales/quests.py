"""The quests of J04: writing them (E14, E20, E11), finding them, crossing them out."""

from __future__ import annotations

from d6tui.games.tales import island, sheet
from d6tui.games.tales.state import Quest, Tale, evolve
from d6tui.games.tales.tables import QUEST_EVENTS


def quest_here(state: Tale, kind: str) -> Quest | None:
    """The open quest of ``kind`` to be completed on the hero's square (E19, E22, E38).

    Args:
        state: the tale.
        kind: the quest kind (J04).
    """
    here = island.name(state.pos)
    for q in state.quests:
        if q.kind == kind and q.place == here and not q.done:
            return q
    return None


def active_quest(state: Tale, kind: str) -> Quest | None:
    """The first open quest of ``kind``.

    Args:
        state: the tale.
        kind: the quest kind (J04).
    """
    for q in state.quests:
        if q.kind == kind and not q.done:
            return q
    return None


def cross_out(state: Tale, qid: int) -> Tale:
    """Cross a quest out in J04 (completed).

    Args:
        state: the tale.
        qid: the quest's number.
    """
    quests = tuple(evolve(q, done=True) if q.qid == qid else q for q in state.quests)
    state = sheet.record(evolve(state, quests=quests), f"quest #{qid} done")
    return sheet.say(state, "quest completed")


def add_quest(state: Tale, **fields: object) -> Tale:
    """Write a new quest in J04, numbered after the last one.

    Args:
        state: the tale.
        **fields: the :class:`~.state.Quest` fields but its number.
    """
    qid = max((q.qid for q in state.quests), default=0) + 1
    quest = Quest(qid=qid, **fields)  # type: ignore[arg-type]
    state = sheet.record(evolve(state, quests=(*state.quests, quest)), f"quest #{qid} taken")
    return sheet.say(state, f"new quest #{qid}")


def new_quest(state: Tale, place: int, kind: str) -> Tale:
    """E14: write the quest given here, to be completed on square ``place``; a Mango quest
    (E38) gives the Mango to carry.

    Args:
        state: the tale.
        place: the square the quest is completed on.
        kind: veteran, mango or scrolls.
    """
    here = state.square
    counts = here.terrain in ("castle", "village")
    state = add_quest(state, kind=kind, recipient=island.name(state.pos),
                      place=island.name(place), counts=counts)
    state = sheet.write_event(state, place, QUEST_EVENTS[kind])
    if kind == "mango":
        state = sheet.add_item(state, "Mango")
    return state
