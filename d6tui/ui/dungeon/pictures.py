"""What D6 Dungeon's waffle shows from a seat: its own side with the legal holes, the die
being placed previewed at the cursor and the best route; a watcher's filled holes with the
faces hidden; the other side after a Look or at the end (:class:`WafflePictures`, a part of
the screen)."""

from __future__ import annotations

from typing import Any

from d6tui.games.dungeon.crossing import route_words, shut_chests, walk_details, why_no_route
from d6tui.games.dungeon.faces import MAP_FACES
from d6tui.games.dungeon.scorer import RouteScore, best_route
from d6tui.games.dungeon.state import DungeonState
from d6tui.games.dungeon.view import view
from d6tui.games.dungeon.waffle import SIZE, hole_name, own_index, rotate
from d6tui.ui.dungeon.panels import _pts, route_bonus
from d6tui.ui.dungeon.waffle import WafflePicture

#: The search limit of the live preview (it stays well inside one frame).
PREVIEW_LIMIT = 1000


def _with_details(route: RouteScore, cells: Any, seat: int) -> str:
    """Where the route goes and, in brackets, the holes and treasures
    :func:`~d6tui.games.dungeon.crossing.walk_details` adds (the chests left shut)."""
    way = route_words(route, cells, seat)
    more = walk_details(route, cells, seat)
    return f"{way} ({more})" if more else way


def _shut_words(shut: frozenset[int], seat: int) -> str:
    """The waffle's caption for the chests the drawn route leaves shut (struck through)."""
    holes = sorted(hole_name(own_index(i, seat)) for i in shut)
    return f"chest {', '.join(holes)} shut (no key)"


class WafflePictures:
    """The pictures of the waffle for :class:`~d6tui.ui.dungeon.screen.DungeonScreen`, drawn
    from the seat's view (``seen``) and the screen's cursor, turns, side and target."""

    dungeon: DungeonState
    cursor: int
    turns: int
    side_choice: int
    show_other: bool
    show_route: bool | None
    target: Any
    shown: int | None
    session: Any

    def route_shown(self) -> bool:
        """Whether the best route is drawn: as ``b`` last set it, else only once the game
        is over (the routes are then the score)."""
        return self.dungeon.over if self.show_route is None else self.show_route

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
        shut: frozenset[int] = frozenset()
        if self.route_shown():
            walk = state.scores[seat].route if state.over else self._best_now(seen, seat)
            route, shut = walk.cells, shut_chests(walk, cells)
        caption = f"{seen.players[seat]}'s side"
        if self.target is not None:
            caption += f": pick the die for {self.target.label.split(':')[0][5:]}"
        elif shut:
            caption += f"; {_shut_words(shut, seat)}"
        cursor = self.cursor if (self.placing() or self.target is not None) else None
        return WafflePicture(seat, cells, frozenset(), legal, cursor, preview, route,
                             shut=shut, caption=caption)

    def _best_now(self, seen: DungeonState, seat: int) -> RouteScore:
        """The best route on ``seat``'s side now, as the preview line scores it (the bonus
        a complete route would bring if the game ended now)."""
        bonus = route_bonus(self.dungeon, seat, [m.id for m in self.session.moves(seat)])
        return best_route(seen.side(seat), seen.budget(seat), bonus, limit=PREVIEW_LIMIT)

    def route_notice(self) -> str:
        """What ``b`` just did, in words: the route drawn (its holes and points), or why
        there is none to draw, or that it is hidden."""
        if not self.show_route:
            return "Route hidden (b draws it again)."
        state, seat = self.dungeon, self.shown or 0
        if state.over:
            if self.show_other:
                seat = 1 - seat
            card, name = state.scores[seat], state.players[seat]
            if not card.route.cells:
                return (f"{name} has no route to draw: no walk into that side scores "
                        f"anything ({name} scores {card.total} in all).")
            way = _with_details(card.route, state.side(seat), seat)
            what = "route" if card.route.complete else "walk, not across,"
            return (f"{name}'s {what} is drawn: {way}; {name} scores {card.total} in all "
                    "(p: the score lines).")
        if self.show_other:
            return "Your route is drawn on your own side: v goes back to it."
        seen = view(state, seat)
        cells = seen.side(seat)
        route = self._best_now(seen, seat)
        if not route.cells:
            return (f"No route to draw: {why_no_route(cells)}. It is drawn as soon as there "
                    "is one (b again: off).")
        way = _with_details(route, cells, seat)
        if route.complete:
            return f"Your best route is drawn: {way}, {_pts(route)}."
        return f"Your best walk is drawn, not across yet: {way}, {_pts(route)}."

    def _other_picture(self, seen: DungeonState, seat: int) -> WafflePicture:
        state = self.dungeon
        other = 1 - seat
        if state.over:
            walk = state.scores[other].route
            shown = self.route_shown()
            shut = shut_chests(walk, state.side(other)) if shown else frozenset()
            caption = f"{state.players[other]}'s side (v: back)"
            if shut:
                caption += f"; {_shut_words(shut, other)}"
            return WafflePicture(other, state.side(other),
                                 route=walk.cells if shown else frozenset(), shut=shut,
                                 caption=caption)
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
