"""The base of every dialog (a modal screen): its own footer and its own help key.

Textual stops a modal screen's key chain at the modal, so while a dialog is open the app's
``?`` does nothing and the footer of the screen beneath still shows that screen's keys, which
do not work then. :class:`DialogScreen` gives each dialog a :class:`FittedFooter` of its own
(the dialog's keys, over the one beneath) and a help key: ``?``, or ``f1`` while a text
field has the focus (it takes ``?`` as a character; the footer then shows ``f1``). Help opens
on the dialog's own text and keys, followed by the help of the game (or screen) under it
(:func:`d6tui.ui.screens.help.dialog_help`).
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, Input, Static, TextArea

from d6tui.ui.widgets.fitted_footer import FittedFooter

T = TypeVar("T")

#: ``?`` opens help on the dialog (shown in its footer unless a text field has the focus).
HELP_KEY = Binding("question_mark", "dialog_help", "Help", id="dialog.help",
                   tooltip="Help on this dialog, then on the screen under it")
#: ``f1`` opens the same help while a text field has the focus (``?`` is typed there).
HELP_F1 = Binding("f1", "dialog_help_typing", "Help", id="dialog.help_f1",
                  tooltip="Help on this dialog, while typing in a field (? is typed there)")

#: Tab and shift+Tab move between a dialog's fields at priority: the app runs a priority
#: binding as it takes the key, before it hands the next key of a burst (fast typing, a
#: paste, tmux send-keys) to the focused field. Textual's own Tab binding runs only once the
#: key has gone through the field, by which time the keys after it were given to the field
#: Tab was leaving ("Kara", Tab, "3D" typed at once gave the name "Kara3D").
NEXT_FIELD = Binding("tab", "app.focus_next", "Next field", show=False, priority=True,
                     id="dialog.next_field")
PREVIOUS_FIELD = Binding("shift+tab", "app.focus_previous", "Previous field", show=False,
                         priority=True, id="dialog.previous_field")


def _has_footer(widget: Widget) -> bool:
    """Whether ``widget``, or a widget composed in it and not mounted yet, is a Footer."""
    return isinstance(widget, Footer) or any(_has_footer(w) for w in widget._pending_children)


def typing(screen: ModalScreen) -> bool:
    """Whether a text field of ``screen`` has the focus (it takes printable keys, ``?``
    too)."""
    return isinstance(screen.focused, Input | TextArea)


class DialogScreen(ModalScreen[T]):
    """A modal screen with its own footer (its keys) and help (``?``, ``f1`` while typing).

    A subclass declares ``HELP`` (Markdown, the dialog in the player's words); its
    ``BINDINGS`` are merged with these as Textual merges a class's bindings.
    """

    BINDINGS = [HELP_KEY, HELP_F1, NEXT_FIELD, PREVIOUS_FIELD]

    #: Help on this dialog (Markdown), shown above the help of the screen under it.
    HELP: ClassVar[str] = ""

    def dismiss(self, result: T | None = None) -> AwaitComplete:
        """Close the dialog with ``result``, once: a second Enter typed in the same burst as
        the first reaches the dialog after it closed, and Textual's own ``dismiss`` pops
        whatever screen is on top then (the game under it, or the app's last screen: a
        ``ScreenStackError``). A dialog no longer on top does nothing."""
        if self.app.screen is not self:
            return AwaitComplete(_nothing())
        return super().dismiss(result)

    def help_title(self) -> str:
        """What this dialog is, for the first line of its help: its title (``title_text``, or
        the text of its first ``.modal-title`` line), then what it asks (``prompt`` or
        ``question``) when that says more; "" when it has neither."""
        title = str(getattr(self, "title_text", "") or "")
        if not title:
            found = self.query(".modal-title")
            if found and isinstance(found.first(), Static):
                title = str(found.first(Static).content)
        asks = str(getattr(self, "prompt", "") or getattr(self, "question", "") or "")
        return ": ".join(p.strip() for p in dict.fromkeys((title, asks)) if p.strip())

    def _extend_compose(self, widgets: list[Widget]) -> None:
        """The dialog's footer goes last among the widgets its compose made, unless it made
        one: mounted with them, so the dialog is styled and laid out once with its footer
        (mounted after them, from ``on_mount``, it cost the dialog a layout and a repaint
        more, with the screen under it tinted again)."""
        super()._extend_compose(widgets)
        if not any(_has_footer(w) for w in widgets):
            widgets.append(FittedFooter())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``?`` is offered while no text field has the focus, ``f1`` while one has."""
        if action == "dialog_help":
            return not typing(self)
        if action == "dialog_help_typing":
            return typing(self)
        return True

    def action_dialog_help(self) -> None:
        """Help on this dialog and the screen under it."""
        self.app.action_help()

    def action_dialog_help_typing(self) -> None:
        """The same help, from a text field."""
        self.app.action_help()


async def _nothing() -> None:
    """What a dialog's dismiss awaits when it is no longer on top."""
