"""The Hide Collection board of the solo and co-op modes (rulebook Part III "Solo & Co-op").

A frozen value kept on :class:`~.state.Board` as ``hc`` (``None`` in the standard game). It
holds what that board carries: the 15 hide slots (one a monster), the compass dial's turn
and the max turn counter (the red action cube), the Heroic Benefits with their skill
markers, and (solo) the companion and its carrier.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Where a companion waits when it is not on the map ("Companions": the companion carrier).
CARRIER = "carrier"


@dataclass(frozen=True)
class HideCollection:
    """The Hide Collection board.

    Attributes:
        mode: ``solo`` or ``coop``.
        specialty: ``standard`` or ``advanced`` ("Specialty Hides": agreed at the start).
        turn: the turn the compass dial points at (1 first).
        max_turns: where the max turn counter stands (4 at the start, +1 for each bounty
            delivered to the Village; "Winning and Losing").
        slots: monster kind -> the token placed on its slot (a Dragon or the Kraken may
            stand on any slot: "Special Enemies").
        benefits: the Heroic Benefits holding a skill marker (house ids, at most
            ``markers``).
        markers: how many skill markers the Heroic Benefits section has (three: "Setup").
        companion: the solo companion's id ("" in co-op).
        companion_at: where it is: :data:`CARRIER` or a space.
        companion_moves: moves the companion may still make this turn (one for each action
            spent: "Companions").
        forms: token -> monster kind it became for good (the advanced specialty option).
        result: ``won`` or ``lost`` when the game has ended ("").
    """

    mode: str = "solo"
    specialty: str = "standard"
    turn: int = 1
    max_turns: int = 4
    slots: dict = field(default_factory=dict)
    benefits: tuple[str, ...] = ()
    markers: int = 3
    companion: str = ""
    companion_at: str = CARRIER
    companion_moves: int = 0
    forms: dict = field(default_factory=dict)
    result: str = ""
