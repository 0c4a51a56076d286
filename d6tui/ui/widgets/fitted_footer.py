"""A Footer that shows only the keys it has room for, each whole.

Textual's Footer lays its keys in a row and cuts the row at the command-palette key, so at
80 columns a screen with many keys showed half a label (``T T▏`` on the home screen of a
d6tui served over SSH, ``L Leave ▏`` in its lobby). :class:`FittedFooter` leaves out the
keys that do not fit instead, starting from the end of the row, and always keeps the app's
own keys (quit, help, the server's tables): every key still works, and ``?`` lists them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.compose import compose
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual.screen import Screen

#: The actions whose keys are never left out: how to quit, the help that lists every key,
#: and the way to the server's tables.
KEPT = frozenset({"quit", "help", "tables", "app.quit", "app.help", "app.tables"})


def key_width(key: FooterKey, compact: bool) -> int:
    """The columns ``key`` takes in a Footer's row (Textual 8's FooterKey style: the key
    and its description padded by one column each, or, compact, one column between them
    and one after)."""
    text = cell_len(key.key_display)
    if not key.description:
        return text + (1 if compact else 0)
    if compact:
        return text + 1 + cell_len(key.description) + 1
    return text + 2 + cell_len(key.description) + 1


def palette_width(key: FooterKey, compact: bool) -> int:
    """The columns the command-palette key takes at the right (its border and padding)."""
    return key_width(key, compact) + (1 if compact else 2)


def fitted(keys: list[FooterKey], width: int, compact: bool) -> list[FooterKey]:
    """The keys of a ``width``-column footer that fit whole, in their order.

    The palette key (class ``-command-palette``) and the keys of :data:`KEPT` are kept;
    the others are kept from the start of the row while they fit.
    """
    palette = [k for k in keys if k.has_class("-command-palette")]
    room = width - sum(palette_width(k, compact) for k in palette)
    room -= sum(key_width(k, compact) for k in keys if k.action in KEPT and k not in palette)
    out = []
    for key in keys:
        if key in palette or key.action in KEPT:
            out.append(key)
            continue
        w = key_width(key, compact)
        if w <= room:
            out.append(key)
            room -= w
        else:
            room = -1  # later keys stay out too, so the row keeps its order of importance
    return out


def signature(items: list[Widget]) -> tuple:
    """What a footer's row shows: each key's key, label, action, tooltip and classes (two rows
    with the same signature are drawn the same)."""
    return tuple(
        (type(i), getattr(i, "key", None), getattr(i, "key_display", None),
         getattr(i, "description", None), getattr(i, "action", None),
         str(i.tooltip or ""), frozenset(i.classes))
        for i in items
    )


class FittedFooter(Footer):
    """A Footer whose keys are never cut (module docstring).

    It also spares Textual's Footer's churn (each recompose mounts and styles a FooterKey per
    key): nothing is composed before the footer has a width, the row is mounted again only
    when what it shows changed, a resize and a change of bindings in the same refresh make one
    recompose, and each key is made with the footer's ``compact`` already set, so its watcher
    does not restyle it twice on mount.
    """

    _recompose_queued = False
    _fitted_width: int | None = None

    def compose(self) -> ComposeResult:
        items = list(super().compose())
        if items and not all(isinstance(i, FooterKey) for i in items):
            yield from items  # binding groups (none in d6tui): as Textual's Footer does
            return
        if not self.size.width:
            return  # not laid out yet: the first resize fits the row
        for key in items:
            if key.has_class("-command-palette"):
                # Textual leaves it unbound, so compact (its default) in either footer
                key.set_class(key.compact, "-compact", update=False)
            else:
                key.set_reactive(FooterKey.compact, self.compact)  # as data_bind would set it
                key.set_class(self.compact, "-compact", update=False)
        yield from fitted(items, self.size.width, self.compact)  # type: ignore[arg-type]

    async def recompose(self) -> None:
        """Mount the row again, if it is not the one shown already."""
        self._recompose_queued = False
        if not self.is_attached or self._pruning:
            return
        items = compose(self)
        if items and signature(items) == signature(list(self.children)):
            return  # the same keys, labels, states and compactness: nothing to mount
        async with self.batch():
            await self.query_children("*").exclude(".-textual-system").remove()
            if self.is_attached:
                await self.mount_all(items)

    def _queue_recompose(self) -> None:
        """One recompose after the next refresh, however many ask for it before then."""
        if not self._recompose_queued:
            self._recompose_queued = True
            self.call_after_refresh(self.recompose)

    def bindings_changed(self, screen: Screen) -> None:
        """The screen's bindings changed: the row is composed again (once per refresh)."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self._queue_recompose()

    def _watch_compact(self, compact: bool) -> None:
        """Compact or not, the keys take other widths: the row is fitted again."""
        if self._bindings_ready:
            self._queue_recompose()

    def on_resize(self, event: events.Resize) -> None:
        """The row is fitted again to the new width."""
        if event.size.width != self._fitted_width:
            self._fitted_width = event.size.width
            if self._bindings_ready:
                self._queue_recompose()
