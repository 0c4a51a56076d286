"""The command palette and the theme picker: Textual's palette with its own keys line, and
the themes listed d6tui's first, each saying whose it is."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.app import ComposeResult
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.widgets import Static

#: The palette's keys, on its last line (Enter is its field's, so no Footer would show it).
KEYS = "\u2191 \u2193 move \u00b7 Enter picks \u00b7 Esc closes \u00b7 type to search"


class Palette(CommandPalette):
    """Textual's command palette with its keys on its last line. The palette is drawn over
    the screen's footer, which went on showing that screen's keys (the home screen's ``n New
    game  o Open save``...) though none of them works while the palette is open."""

    DEFAULT_CSS = """
    Palette > #palette-keys {
        dock: bottom;
        height: 1;
        padding: 0 1;
        background: $panel;
        color: $text-muted;
    }
    """

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Static(KEYS, id="palette-keys", markup=False)


def theme_label(name: str, ours: bool) -> str:
    """A theme's line in the picker: ``d6-dark (d6tui)``, ``dracula (Textual)``."""
    return f"{name} ({'d6tui' if ours else 'Textual'})"


class ThemeChoices(Provider):
    """Every theme the app has, d6tui's own first (those in ``themes/`` and the user's theme
    folder, which set d6tui's colours: dice faces, card suits...), then Textual's built-in
    ones, each marked with whose it is; picking one sets it."""

    @property
    def choices(self) -> list[tuple[str, Callable[[], None]]]:
        """``(label, set it)`` for each theme, d6tui's first, by name within each."""
        app = self.app
        ours = set(getattr(app, "d6_themes", {}))

        def use(name: str) -> None:
            app.theme = name

        names = sorted(app.available_themes, key=lambda n: (n not in ours, n))
        return [(theme_label(n, n in ours), partial(use, n)) for n in names]

    async def discover(self) -> Hits:
        """Every theme, in the order of :attr:`choices`."""
        for label, pick in self.choices:
            yield DiscoveryHit(label, pick)

    async def search(self, query: str) -> Hits:
        """The themes whose line matches ``query`` ("d6tui" finds d6tui's own)."""
        matcher = self.matcher(query)
        for label, pick in self.choices:
            if (score := matcher.match(label)) > 0:
                yield Hit(score, matcher.highlight(label), pick)
