"""A Footer that shows only the keys it has room for, each whole.

Textual's Footer lays its keys in a row and cuts the row at the command-palette key, so at
80 columns a screen with many keys showed half a label (``T T▏`` on the home screen of a
d6tui served over SSH, ``L Leave ▏`` in its lobby). :class:`FittedFooter` leaves out the
keys that do not fit instead, starting from the end of the row, and always keeps the app's
own keys (quit, help, the server's tables): every key still works, and ``?`` lists them all.

Textual's Footer also removes and mounts all its keys again whenever the screen's bindings
are refreshed, which a game screen does after every move; :class:`FittedFooter` leaves its
row alone when the keys it would show are the ones it shows (:func:`keys_shown`), and gives
the keys on the row their new words and states, mounting or removing only the keys past
the end, when the keys change.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

#: The actions whose keys are never left out: how to quit, the help that lists every key
#: (a dialog's too), and the way to the server's tables.
KEPT = frozenset({"quit", "help", "tables", "app.quit", "app.help", "app.tables",
                  "dialog_help", "dialog_help_typing"})


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


def keys_shown(footer: Footer, screen: Screen) -> tuple:
    """What a Footer's row is made from for ``screen``: each shown binding's key, key
    display, description, action, group, whether it is enabled and its tooltip, and whether
    the command-palette key is there (two equal tuples make the same row at one width)."""
    app = footer.app
    row = tuple((b.key, app.get_key_display(b), b.description, b.action, id(b.group),
                 enabled, tooltip)
                for (_, b, enabled, tooltip) in screen.active_bindings.values() if b.show)
    return row, footer.show_command_palette and app.ENABLE_COMMAND_PALETTE, footer.compact


def _kind(key: FooterKey) -> frozenset[str]:
    """A key's classes but the ones its state sets (disabled, compact)."""
    return frozenset(key.classes) - {"-disabled", "-compact"}


def _split(keys: list) -> tuple[list[FooterKey], list[FooterKey]]:
    """A row's keys: the plain ones and the command-palette ones, each in order."""
    palette = [k for k in keys if k.has_class("-command-palette")]
    return [k for k in keys if k not in palette], palette


def _relabel(key: FooterKey, new: FooterKey) -> None:
    """Give ``key`` (on the row) the key, words, action, state and tooltip of ``new``."""
    now = (new.key, new.key_display, new.description, new.action, new._disabled, new.tooltip)
    if now == (key.key, key.key_display, key.description, key.action, key._disabled,
               key.tooltip):
        return
    key.key, key.key_display, key.description, key.action = now[:4]
    key._disabled = new._disabled
    key.set_class(new._disabled, "-disabled")
    key.tooltip = new.tooltip
    key.refresh(layout=True)


class FittedFooter(Footer):
    """A Footer whose keys are never cut, made again only when they change (module
    docstring)."""

    #: :func:`keys_shown` of the row last composed (None: none yet, or made again anyway).
    _row: tuple | None = None

    def bindings_changed(self, screen: Screen) -> None:
        """After the next refresh, show the screen's keys: nothing is done when they did
        not change, the keys on the row are updated in place when only their words or
        states did, and keys are mounted or removed only past the end of the row when it
        grows or shrinks (:meth:`_reconcile`); else the row is composed again."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._refit)

    async def _refit(self) -> None:
        if not self.is_attached:
            return
        row = keys_shown(self, self.screen)
        if row == self._row:
            return
        if not await self._reconcile():
            await self.recompose()

    async def _reconcile(self) -> bool:
        """Make the row the one :meth:`compose` would make now, keeping the keys on it:
        each key (in order, the command-palette key apart) gets the words and state of the
        new key in its place, new keys past the end are mounted and keys past the new end
        removed. False (nothing changed) when the rows are not made of plain keys or have
        another number of command-palette keys."""
        keys = list(self.children)
        fresh = list(self.compose())
        if not all(isinstance(k, FooterKey) for k in keys + fresh):
            return False
        old_keys, new_keys = _split(keys), _split(fresh)  # (plain keys, palette keys)
        if len(old_keys[1]) != len(new_keys[1]):
            return False
        pairs = [*zip(old_keys[0], new_keys[0], strict=False),
                 *zip(old_keys[1], new_keys[1], strict=True)]
        if any(_kind(k) != _kind(f) for k, f in pairs):
            return False
        for k, f in pairs:
            _relabel(k, f)
        n = len(new_keys[0])
        async with self.batch():
            if len(old_keys[0]) > n:
                await self.remove_children(old_keys[0][n:])
            elif len(old_keys[0]) < n:
                palette = old_keys[1][0] if old_keys[1] else None
                await self.mount_all(new_keys[0][len(old_keys[0]):], before=palette)
        return True

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003 - Footer's
        super().__init__(*args, **kwargs)
        # The keys are made with the footer, from the screen's bindings then, not only when
        # the screen first says its bindings changed: Textual's Footer waits for that, so
        # its keys were mounted, styled and laid out on their own, after the screen's first
        # layout. When the screen says so, the row is made again only if it changed.
        self.set_reactive(Footer._bindings_ready, True)

    def _width(self) -> int:
        """The columns the row has: the footer's width, or before its first layout the
        width it will have (the app's: a footer is docked at the foot of its screen, and a
        screen takes the app's size); 0 when not known."""
        if self.size.width or not isinstance(self.parent, Screen):
            return self.size.width
        return self.app.size.width

    def compose(self) -> ComposeResult:
        self._row = keys_shown(self, self.screen) if self._bindings_ready else None
        items = list(super().compose())
        width = self._width()
        if not items or not all(isinstance(i, FooterKey) for i in items) or not width:
            yield from items  # binding groups (none in d6tui) or not laid out yet: as is
            return
        self._fitted_width = width  # a resize to this width needs nothing more
        for key in items:  # made compact or not already, so mounting does not restyle it twice
            if key.has_class("-command-palette"):
                # Textual leaves it unbound, so compact (its default) in either footer
                key.set_class(key.compact, "-compact", update=False)
            else:
                key.set_reactive(FooterKey.compact, self.compact)  # as data_bind would set it
                key.set_class(self.compact, "-compact", update=False)
        # The kept keys (quit, help) close the row, as the app's own keys do on a screen: a
        # dialog's help key is its own, so it would otherwise come before its answers.
        items.sort(key=lambda k: (k.has_class("-command-palette"), k.action in KEPT))
        yield from fitted(items, width, self.compact)  # type: ignore[arg-type]

    def on_resize(self, event: events.Resize) -> None:
        """The row is fitted again to the new width."""
        if event.size.width != getattr(self, "_fitted_width", None):
            self._fitted_width = event.size.width
            if self._bindings_ready:
                self.call_after_refresh(self._refit_width)

    async def _refit_width(self) -> None:
        if self.is_attached and not await self._reconcile():
            await self.recompose()
