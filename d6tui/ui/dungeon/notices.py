"""Where the D6 Dungeon screen lays its notices (Textual's toasts): over the rightmost
column, the log when it is open, else the side panel, from its left edge to the screen's
right edge. Narrower, right-aligned toasts left the log's ``#NN`` numbers showing at their
left, beside the words they covered.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets._toast import ToastRack


def notices_over(screen: Screen, column: Widget) -> None:
    """Lay ``screen``'s notices over ``column`` (a widget reaching the screen's right
    edge) edge to edge: the toast rack starts at the column's left edge, and the screen's
    CSS makes each toast as wide as the rack (``DungeonScreen Toast``). Nothing happens
    with notifications off (Pilot tests by default) or before the column is laid out.
    Call it after a refresh, once the column has its place."""
    racks = screen.query(ToastRack)
    if not racks or not column.region.width:
        return
    rack, x = racks.first(), column.region.x
    if rack.styles.margin.left != x or rack.size.width != screen.size.width - x:
        rack.styles.margin = (1, 0, 0, x)
        rack.styles.width = screen.size.width - x
