"""What a seat may see (DESIGN "A game's definition"): other hunters' hands are hidden,
and so are the face-down decks (their contents would tell who holds which card)."""

from __future__ import annotations

from d6tui.engine.frozen import evolve
from d6tui.games.d6_board.state import Board, same_team

#: What a hidden card shows.
HIDDEN = "?"


def view(state: Board, seat: int | None) -> Board:
    """The board as ``seat`` may see it; ``None`` is a spectator, who sees no hand.

    In Alliance with ``team_cards = "shared"`` (agreed at the start, Part III "Alliance")
    a seat sees its teammate's hand too.

    Returns:
        The board with every other hand replaced by as many :data:`HIDDEN` cards and each
        face-down deck replaced by as many :data:`HIDDEN` cards; cards named at the table
        (``named``) only where the seat may see them.
    """
    shared = state.options.get("team_cards") == "shared"
    heroes = tuple(h if i == seat or (shared and seat is not None and same_team(state, i, seat))
                   else evolve(h, hand=(HIDDEN,) * len(h.hand))
                   for i, h in enumerate(state.heroes))
    piles = {k: (HIDDEN,) * len(v) for k, v in state.piles.items()}
    unseen = {c for h, v in zip(state.heroes, heroes, strict=True) if v.hand != h.hand
              for c in h.hand}
    named = {c: v for c, v in state.named.items() if c not in unseen and not any(
        c in p for p in state.piles.values())}
    return evolve(state, heroes=heroes, piles=piles, named=named)
