"""The help screen: what the current screen is for and its keys (``?`` everywhere)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Markdown


def keys_markdown(keys: Sequence[tuple[str, str]]) -> str:
    """A Markdown table of ``(keys, what they do)`` rows."""
    if not keys:
        return ""
    rows = "\n".join(f"| `{k}` | {d} |" for k, d in keys)
    return f"## Keys\n\n| key | what it does |\n|---|---|\n{rows}\n"


class HelpScreen(Screen):
    """Help for one screen: its text (own words, with rulebook sections) and its keys.

    Args:
        title: what the help is about ("D6 Shooter").
        text: Markdown help of that screen.
        keys: ``(key, description)`` rows of the keys active on that screen.
    """

    CSS_PATH = Path(__file__).with_name("help.tcss")
    BINDINGS = [
        Binding("escape,q,question_mark", "close", "Close help", id="help.close"),
        Binding("down,j", "scroll(1)", "Down", show=False, id="help.down"),
        Binding("up,k", "scroll(-1)", "Up", show=False, id="help.up"),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False, id="help.pagedown"),
        Binding("pageup,b", "scroll(-10)", "Page up", show=False, id="help.pageup"),
    ]

    def __init__(self, title: str, text: str, keys: Sequence[tuple[str, str]] = ()) -> None:
        super().__init__()
        self.help_title = title
        self.text = text
        self.keys = list(keys)

    def compose(self) -> ComposeResult:
        yield Header(icon="?")
        with VerticalScroll(id="help-body"):
            yield Markdown(f"{self.text}\n\n{keys_markdown(self.keys)}")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"Help: {self.help_title}"
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        """Back to the screen the help is about."""
        self.dismiss()

    def action_scroll(self, lines: int) -> None:
        """Scroll the help by ``lines``."""
        body = self.query_one("#help-body", VerticalScroll)
        body.scroll_relative(y=lines, animate=False)
