"""The help screen: what the current screen is for and its keys (``?`` everywhere)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from d6tui.ui.widgets.fitted_footer import FittedFooter
from d6tui.ui.widgets.markdown_text import MarkdownText

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode

#: A help row: the keys (as shown), what they do, and the binding id for ``[keymap]``.
KeyRow = tuple[str, str, str]

_NUMBERED = re.compile(r"^(?P<stem>.*?)(?P<n>\d+)$")


def _what(b: Binding) -> str:
    """What a binding does: its description (the Footer's word), and its tooltip when that
    says more ("Undo the latest action" alone, not "Undo: Undo the latest action")."""
    if not b.tooltip:
        return b.description
    if b.tooltip.startswith(b.description):
        return b.tooltip
    return f"{b.description}: {b.tooltip}"


def binding_rows(node: DOMNode, app: App, *, priority_only: bool = False) -> list[KeyRow]:
    """Every binding ``node`` declares itself (with an id and a description), whether or not it
    can be used right now, under the keys the key map gives it (``priority_only``: only its
    priority bindings, the app's keys that still work while a dialog is open).

    Textual's own keys (focus, copy, scrolling) have no id and are left out. Bindings that
    share an id (one key acting two ways by the moment, as 6x6 Tales' arrows) make one row
    with the first one's words. Numbered keys (``shooter.action1`` to ``shooter.action9``)
    make one row.
    """
    bindings = node._bindings.copy()
    if app._keymap:
        bindings.apply_keymap(app._keymap)
    by_id: dict[str, tuple[list[str], Binding]] = {}
    for key, found in bindings.key_to_bindings.items():
        for b in found:
            if not b.id or not b.description or (priority_only and not b.priority):
                continue
            keys, _ = by_id.setdefault(b.id, ([], b))
            shown = app.get_key_display(replace(b, key=key))
            if shown not in keys:  # bindings sharing an id and a key make one row, one key
                keys.append(shown)
    rows: list[KeyRow] = []
    numbered: dict[str, list[tuple[str, str, Binding]]] = {}
    for binding_id, (keys, b) in by_id.items():
        match = _NUMBERED.match(binding_id)
        if match and len(keys) == 1 and keys[0] == match["n"]:
            group = numbered.setdefault(match["stem"], [])
            if not group:
                rows.append((match["stem"], "", ""))  # placeholder, filled below
            group.append((keys[0], binding_id, b))
            continue
        what = _what(b)
        rows.append((" / ".join(keys), what, binding_id))
    out: list[KeyRow] = []
    for row in rows:
        if row[1] or row[2] or row[0] not in numbered:
            out.append(row)
            continue
        group = numbered[row[0]]
        first, last = group[0], group[-1]
        what = _what(first[2])
        out.append((f"{first[0]}-{last[0]}", what,
                    f"{first[1]} to {last[1].rpartition('.')[2]}"))
    return out


def keys_markdown(keys: Sequence[tuple[str, ...]], what: str = "screen") -> str:
    """A Markdown table of ``(keys, what they do, binding id)`` rows (the id may be left out);
    the ids are what ``[keymap]`` in the config file takes. ``what`` names whose keys they
    are ("screen", "dialog")."""
    if not keys:
        return ""
    lines = []
    for row in keys:
        key, does = row[0], row[1]
        binding_id = row[2] if len(row) > 2 else ""
        lines.append(f"| `{key}` | {does} | {f'`{binding_id}`' if binding_id else ''} |")
    rows = "\n".join(lines)
    # The example names one of this screen's own bindings, before the keys every game shares.
    ids = [row[2] for row in keys if len(row) > 2 and row[2]]
    example = next((i for i in ids if not i.startswith("game.")), ids[0] if ids else "")
    how = (f", e.g. `\"{example}\" = \"space\"`" if example else "")
    return (f"## Keys\n\nEvery key of this {what}, also those that wait for their moment. Change "
            f"one in the config file's `[keymap]` by its id{how}."
            f"\n\n| key | what it does | id |\n|---|---|---|\n{rows}\n")


def dialog_help(app: App, dialog: Screen) -> HelpScreen:
    """The help of a dialog (``?`` while it is open): its own text and keys, then the help of
    the screen under it (the game), whose keys work again once the dialog is closed.

    Args:
        app: the app (its screen stack and its priority keys, which work in a dialog too).
        dialog: the modal screen on top.
    """
    under = next((s for s in reversed(app.screen_stack) if not s.is_modal), None)
    under_title = str(getattr(under, "game_name", None) or getattr(under, "title", "")
                      or "d6tui")
    from d6tui.ui.screens.dialog import typing

    rows = binding_rows(dialog, app) + binding_rows(app, app, priority_only=True)
    if typing(dialog):  # a letter's key (q Quit) is typed into the field, not acted on
        rows = [row for row in rows if not (len(row[0]) == 1 and row[0].isprintable())]
    rows += list(getattr(dialog, "HELP_KEYS", ()))  # Enter in a text field, and such
    asks = dialog.help_title() if hasattr(dialog, "help_title") else ""
    text = getattr(dialog, "HELP", "") or "A dialog: answer it, or press Escape to close it."
    if getattr(under, "session", None) is not None:
        text += " The game under it is saved up to this question."
    if asks:
        text = f"**This dialog:** {asks}\n\n{text}"
    after = ""
    if under is not None and getattr(under, "HELP", ""):
        after = (f"## {under_title}\n\nIts keys work again once this dialog is closed; `?` "
                 f"there lists them.\n\n{under.HELP}")
    return HelpScreen(f"dialog in {under_title}", text, rows, after=after, what="dialog")


#: The help screen's own keys, in the order its keys line names them.
OWN_KEYS = ("help.down", "help.up", "help.pagedown", "help.pageup", "help.close")


def own_keys_line(screen: Screen, app: App) -> str:
    """The help screen's own keys in one line, from its live bindings (the key map applied):
    "↓ j down · ↑ k up · pgdn space page down · pgup b page up · esc q ? close help"."""
    rows = {row[2]: row for row in binding_rows(screen, app)}
    return " · ".join(f"{rows[i][0].replace(' / ', ' ')} {rows[i][1].lower()}"
                      for i in OWN_KEYS if i in rows)


class HelpScreen(Screen):
    """Help for one screen: its text (own words, with rulebook sections) and its keys.

    Args:
        title: what the help is about ("D6 Shooter").
        text: Markdown help of that screen.
        keys: ``(keys, what they do, binding id)`` rows of that screen's keys.
        after: Markdown shown after the keys (a dialog's help: the game's help).
        what: whose keys they are, for the keys' heading ("screen", "dialog").
    """

    CSS_PATH = Path(__file__).with_name("help.tcss")
    BINDINGS = [
        Binding("escape,q,question_mark", "close", "Close help", id="help.close"),
        # At priority: the scrolled body's own down/pagedown put each scroll off to the next
        # refresh, so a burst of them moved it one step.
        Binding("down,j", "scroll(1)", "Down", show=False, id="help.down", priority=True),
        Binding("up,k", "scroll(-1)", "Up", show=False, id="help.up", priority=True),
        Binding("pagedown,space", "page(1)", "Page down", show=False, id="help.pagedown",
                priority=True),
        Binding("pageup,b", "page(-1)", "Page up", show=False, id="help.pageup",
                priority=True),
    ]

    def __init__(self, title: str, text: str, keys: Sequence[tuple[str, ...]] = (), *,
                 after: str = "", what: str = "screen") -> None:
        super().__init__()
        self.help_title = title
        self.text = text
        self.after = after
        self.what = what
        #: ``(keys, what they do)`` rows.
        self.keys = [(row[0], row[1]) for row in keys]
        #: The binding id of each row of :attr:`keys` ("" for none).
        self.ids = [row[2] if len(row) > 2 else "" for row in keys]

    def compose(self) -> ComposeResult:
        yield Header(icon="?")
        # Above the page, so it stays in sight as the page scrolls.
        yield Static(own_keys_line(self, self.app), id="help-keys", markup=False)
        with VerticalScroll(id="help-body"):
            rows = [(k, d, i) for (k, d), i in zip(self.keys, self.ids, strict=True)]
            keys = keys_markdown(rows, self.what)
            after = f"\n{self.after}\n" if self.after else ""
            yield MarkdownText(f"{self.text}\n\n{keys}{after}", id="help-text")
        yield FittedFooter()

    def on_mount(self) -> None:
        self.title = f"Help: {self.help_title}"
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        """Back to the screen the help is about."""
        self.dismiss()

    def action_scroll(self, lines: int) -> None:
        """Scroll the help by ``lines``."""
        body = self.query_one("#help-body", VerticalScroll)
        # At once: a scroll put off to the next refresh counts from where the view was, so
        # ten j typed in one burst scrolled one line.
        body.scroll_relative(y=lines, animate=False, immediate=True)

    def action_page(self, pages: int) -> None:
        """Scroll the help by ``pages`` pages: as many lines as are in sight (it was 10 of
        the 19 in sight at 80x24), as the other scrolled views' PageDown does."""
        body = self.query_one("#help-body", VerticalScroll)
        seen = body.scrollable_content_region.height
        body.scroll_relative(y=pages * max(1, seen), animate=False, immediate=True)
