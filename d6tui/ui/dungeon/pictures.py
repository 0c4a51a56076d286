"""What D6 Dungeon's waffle shows from a seat: its own side with the legal holes, the die
being placed previewed at the cursor and the best route; a watcher's filled holes with the
faces hidden; the other side after a Look or at the end (:class:`WafflePictures`, a part of
the screen)."""

from __future__ import annotations

from typing import Any

from d6tui.games.dungeon.faces import MAP_FACES
from d6tui.games.dungeon.scorer import best_route
from d6tui.games.dungeon.state import DungeonState
from d6tui.games.dungeon.waffle import SIZE, own_index, rotate
from d6tui.ui.dungeon.waffle import WafflePicture

#: The search limit of the live preview (it stays well inside one frame).
PREVIEW_LIMIT = 1000


class WafflePictures:
    """The pictures of the waffle for :class:`~d6tui.ui.dungeon.screen.DungeonScreen`, drawn
    from the seat's view (``seen``) and the screen's cursor, turns, side and target."""

    dungeon: DungeonState
    cursor: int
    turns: int
    side_choice: int
    show_other: bool
    show_route: bool
    target: Any

    def picture(self, seen: DungeonState, seat: int) -> WafflePicture:
        """The waffle's picture for ``seat`` (their view), with cursor, preview and route."""
        state = self.dungeon
        if self.spectating():
            filled = frozenset(own_index(i, seat) for i, h in enumerate(seen.holes)
                               if h is not None)
            return WafflePicture(seat, seen.side(seat), filled,
                                 caption="Watching: the dice placed, faces hidden "
                                         f"(seen from {seen.players[seat]}'s end)")
        if self.show_other and (state.over or seen.looks[seat] is not None):
            return self._other_picture(seen, seat)
        cells = seen.side(seat)
        legal: frozenset[int] = frozenset()
        preview = None
        if self.placing():
            legal = frozenset(own_index(i, seat) for i in state.empty_holes())
            if legal and self.cursor not in legal:  # never preview over a die already placed
                r, c = divmod(self.cursor, SIZE)
                self.cursor = min(legal, key=lambda i: (abs(i // SIZE - r) + abs(i % SIZE - c),
                                                        i))
            face, ops = self.preview_face(seen)
            preview = (self.cursor, face, ops)
        elif self.target is not None:
            legal = self.target_cells()
        route: frozenset[int] = frozenset()
        if self.show_route or state.over:
            if state.over:
                route = state.scores[seat].route.cells
            else:
                route = best_route(cells, seen.budget(seat), limit=PREVIEW_LIMIT).cells
        caption = f"{seen.players[seat]}'s side"
        if self.target is not None:
            caption += f": pick the die for {self.target.label.split(':')[0][5:]}"
        cursor = self.cursor if (self.placing() or self.target is not None) else None
        return WafflePicture(seat, cells, frozenset(), legal, cursor, preview, route,
                             caption=caption)

    def _other_picture(self, seen: DungeonState, seat: int) -> WafflePicture:
        state = self.dungeon
        other = 1 - seat
        if state.over:
            route = state.scores[other].route.cells
            return WafflePicture(other, state.side(other), route=route,
                                 caption=f"{state.players[other]}'s side (v: back)")
        look = seen.looks[seat]
        assert look is not None
        cells: list[tuple[str, int] | None] = [None] * (SIZE * SIZE)
        if look.target == "waffle":
            for i, face, t in look.side:
                cells[own_index(i, other)] = (face, rotate(MAP_FACES[face].openings, t))
            return WafflePicture(other, tuple(cells), looked=True,
                                 caption=f"{state.players[other]}'s side: your Look, "
                                         f"turn {look.turn_no}")
        return WafflePicture(seat, seen.side(seat), caption="your Look was into the bag")

    def preview_face(self, seen: DungeonState) -> tuple[str, int]:
        """The face and corridors of the die being placed, as it would sit."""
        assert seen.hand is not None and seen.face is not None
        design = seen.design_of(seen.hand)
        face = seen.face if self.side_choice == 0 else design.opposite(seen.face)
        return face, rotate(MAP_FACES[face].openings, self.turns)
