"""A Footer that shows only the keys it has room for, each whole.

Textual's Footer lays its keys in a row and cuts the row at the command-palette key, so at
80 columns a screen with many keys showed half a label (``T T▏`` on the home screen of a
d6tui served over SSH, ``L Leave ▏`` in its lobby). :class:`FittedFooter` leaves out the
keys that do not fit instead, starting from the end of the row, and always keeps the app's
own keys (quit, help, the server's tables): every key still works, and ``?`` lists them all.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

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


class FittedFooter(Footer):
    """A Footer whose keys are never cut (module docstring).

    Textual's Footer removes and mounts all its keys again whenever its screen's bindings
    may have changed (a focus move, a screen pushed or popped over it, a resize), which
    costs more than most keys' own work. This one rebuilds its row only when what it would
    show differs from what it shows (:meth:`shown_keys`).
    """

    #: What the row was last composed from (:meth:`shown_keys`); None before that.
    _shown: tuple | None = None

    def shown_keys(self) -> tuple:
        """What the row is built from: the width, the compact style, and each key the
        screen's bindings show (key, display, words, action, enabled, tooltip), the
        command palette's last."""
        if not self._bindings_ready:
            return ()
        app = self.app
        rows = tuple(
            (b.key, app.get_key_display(b), b.description, b.action, enabled, tooltip)
            for (_, b, enabled, tooltip) in self.screen.active_bindings.values() if b.show
        )
        palette = None
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
            palette = self.screen.active_bindings.get(app.COMMAND_PALETTE_BINDING)
            palette = palette[1:] if palette is not None else None
        return (self.size.width, self.compact, rows, palette)

    def compose(self) -> ComposeResult:
        self._shown = self.shown_keys()
        items = list(super().compose())
        if not items or not all(isinstance(i, FooterKey) for i in items) or not self.size.width:
            yield from items  # binding groups (none in d6tui) or not laid out yet: as is
            return
        yield from fitted(items, self.size.width, self.compact)  # type: ignore[arg-type]

    async def _refit(self) -> None:
        """Build the row again if what it would show changed since it was built."""
        if not self.is_attached:
            return
        shown = self.shown_keys()
        if shown == self._shown:
            return
        self._shown = shown
        await self.recompose()

    def bindings_changed(self, screen: Screen) -> None:
        """The screen's bindings may have changed: the row follows if they did."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._refit)

    def on_resize(self, event: events.Resize) -> None:
        """The row is fitted again to the new width."""
        if event.size.width != getattr(self, "_fitted_width", None):
            self._fitted_width = event.size.width
            if self._bindings_ready:
                self.call_after_refresh(self._refit)
