"""The journal key line of the 6x6 Tales screen: under the booklet, the keys of the journal,
its pages, the names and the map cursor that act now, so none is hidden at 80x24 (the
Footer and the step bar have no room left for them)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

#: The keys of the line in order: the screen action, the key shown when the player's key
#: map gives none, and the words.
JOURNAL_KEYS: tuple[tuple[str, str, str], ...] = (
    ("write_note", "N", "note"),
    ("notes", "^n", "notes"),
    ("page(1)", "[ ]", "pages"),
    ("portrait", "i", "look"),
    ("name_place", "o", "name place"),
    ("name_monster", "v", "name monster"),
    ("cursor('N')", "HJKL", "cursor"),
    ("home", "h", "home"),
)


def acting_keys(acts: Callable[[str, tuple[object, ...]], bool | None],
                key_of: Callable[[str, str], str]) -> list[tuple[str, str]]:
    """The (key, words) of :data:`JOURNAL_KEYS` whose action acts now.

    Args:
        acts: the screen's ``check_action`` (asked with the action's name, without its
            parameters' parentheses, and its parameters).
        key_of: the key the player's key map gives an action (full action string, default).
    """
    out: list[tuple[str, str]] = []
    for action, default, words in JOURNAL_KEYS:
        name, _, rest = action.partition("(")
        args = tuple(a.strip("'") for a in rest.rstrip(")").split(",")) if rest else ()
        if acts(name, args) is False:
            continue
        if name == "page":
            key = f"{key_of('page(-1)', '[')} {key_of('page(1)', ']')}"
        elif name == "cursor":
            key = default  # the four letters of the player's key map read as one
        else:
            key = key_of(action, default)
        out.append((key, words))
    return out


def key_line(pairs: Iterable[tuple[str, str]], width: int) -> Text:
    """The keys with their words, broken only between two keys at ``width`` cells."""
    out = Text(no_wrap=False)
    used = 0
    for i, (key, words) in enumerate(pairs):
        size = cell_len(key) + 3 + cell_len(words)
        if i and used + 1 + size > width:
            out.append("\n")
            used = 0
        elif i:
            out.append(" ")
            used += 1
        out.append(f" {key} ", "bold reverse")
        out.append(f" {words}")
        used += size
    return out


class JournalKeyLine(Widget):
    """The journal key line: :attr:`pairs` (key, words) drawn by :func:`key_line` at the
    widget's own width, so a resize breaks it afresh."""

    DEFAULT_CSS = """
    JournalKeyLine {
        height: auto;
        padding: 0 1;
        background: $boost;
    }
    """

    pairs: reactive[tuple[tuple[str, str], ...]] = reactive((), layout=True)

    def render(self) -> Text:
        return key_line(self.pairs, max(10, self.content_size.width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rows the line needs at ``width`` (the width the layout gives it, not the
        width of the last frame, so the booklet above never gets a stale height)."""
        return len(key_line(self.pairs, max(10, width)).plain.split("\n"))
