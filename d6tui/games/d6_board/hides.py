"""Small look-ups of the Hide Collection modes that the shared rules consult (rulebook
Part III "Solo & Co-op"): whether the mode is on, the companion's help, the turn's spawns
and gathers, the monster a token fights as. Nothing here changes the board except the few
``with_*`` helpers; the mode's own moves and events are in :mod:`.hide_collection`.
"""

from __future__ import annotations

from d6tui.engine.frozen import evolve
from d6tui.games.d6_board.content import MONSTER_CLASSES
from d6tui.games.d6_board.hide_state import CARRIER, HideCollection
from d6tui.games.d6_board.state import STYX, VILLAGE, Board

#: The game modes of the ``mode`` option.
MODES = ("standard", "solo", "coop")


def on(state: Board) -> bool:
    """Whether this is a Hide Collection game (solo or co-op)."""
    return state.hc is not None


def rule(state: Board, key: str) -> int:
    """A number of ``[hide_rules]`` in the house data (``start_turns``, ``markers``...)."""
    return int(state.content["hide_rules"][key])


def per_turn(state: Board) -> tuple[int, int]:
    """(spawns, open gathers) at the start of a turn: 1 and 1 in the standard game and
    co-op, 2 and 2 in solo ("Spawn/Gather")."""
    hc = state.hc
    if hc is None:
        return 1, 1
    return rule(state, f"{hc.mode}_spawns"), rule(state, f"{hc.mode}_gathers")


def benefit_die(state: Board) -> int:
    """The Heroic Benefits die: D8 solo, D10 co-op ("Heroic Quest Deck Replacement")."""
    assert state.hc is not None
    return rule(state, f"{state.hc.mode}_benefit_die")


def monsters(state: Board) -> list[str]:
    """The 15 monster kinds of the Hide Collection board, class by class ("Hide
    Collection": five classes of three)."""
    en = state.content["enemies"]
    return [k for cls in MONSTER_CLASSES for k, v in en.items() if v["class"] == cls]


def collected(state: Board) -> int:
    """Hides placed on the Hide Collection board."""
    return len(state.hc.slots) if state.hc is not None else 0


def with_hc(state: Board, **changes: object) -> Board:
    """The board with its Hide Collection board changed."""
    assert state.hc is not None
    return evolve(state, hc=evolve(state.hc, **changes))


# -- companions (solo) ----------------------------------------------------------------------


def companion(state: Board) -> dict | None:
    """The solo companion's house entry, or None (co-op, standard)."""
    hc = state.hc
    if hc is None or not hc.companion:
        return None
    return state.content["companions"][hc.companion]


def beside(state: Board, seat: int) -> bool:
    """Whether the companion shares ``seat``'s space out on the map (its help needs it)."""
    hc = state.hc
    if hc is None or not hc.companion or hc.companion_at == CARRIER:
        return False
    return hc.companion_at == state.heroes[seat].space not in (VILLAGE, STYX)


def companion_plus(state: Board, seat: int, space: str) -> int:
    """What the companion adds to a combat total in ``space`` ("Companions": the Kitteh
    +1; the Crustacean +2 with a dungeon; the Wisp +2 for each terrain, stacking)."""
    c = companion(state)
    if c is None or not beside(state, seat):
        return 0
    v = int(c.get("value", 0))
    env = state.env_at(space)
    if c["effect"] == "plus":
        return v
    if c["effect"] == "env":
        return v if any(p in env for p in c.get("env", [])) else 0
    if c["effect"] == "env_each":
        return v * sum(1 for p in c.get("env", []) if p in env)
    return 0


def extra_die(state: Board, seat: int, weapons: list[str], holy: bool) -> int:
    """The sides of the companion's extra combat die, or 0 ("The Bird": a D4, only when
    the weapon is the hero's D6 — not a card, not Holy Water, not a chib's D4)."""
    c = companion(state)
    if c is None or c["effect"] != "die" or not beside(state, seat):
        return 0
    if weapons != ["natural"] or holy or state.heroes[seat].chib:
        return 0
    return int(c.get("value", 4))


def recall(state: Board, seat: int) -> Board:
    """The hero loses an HP: a companion in the same space goes back to its carrier
    ("Companions")."""
    if beside(state, seat):
        return with_hc(state, companion_at=CARRIER)
    return state


# -- specialty hides: a chosen monster ----------------------------------------------------


def form(state: Board, token: str) -> str:
    """The monster kind a token is for good (the advanced specialty option), or ""."""
    return str(state.hc.forms.get(token, "")) if state.hc is not None else ""


def kind_of(state: Board, token: str, transformed: str = "") -> str:
    """The monster kind a token fights as: the kind it was turned into this fight, its
    advanced form, or its own."""
    if transformed and transformed in state.content["enemies"]:
        return transformed
    return form(state, token) or str(state.tokens.get(token, ""))


def fresh(mode: str, specialty: str, companion_id: str, content: dict) -> HideCollection:
    """The Hide Collection board at setup: compass at 1, max turn counter at 4, three skill
    markers on the Heroic Benefits, the companion in its carrier ("Setup")."""
    r = content["hide_rules"]
    return HideCollection(mode=mode, specialty=specialty, max_turns=int(r["start_turns"]),
                          markers=int(r["markers"]),
                          companion=companion_id if mode == "solo" else "")
