"""The box shown when a save cannot be opened: the one-line reason, and for a log cut off
mid-event, the offer to keep its complete events."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from d6tui.engine.errors import D6Error, LogError, TruncatedLogError
from d6tui.ui.screens.modals import CANCEL, _Modal
from d6tui.words import plural


class LoadErrorModal(_Modal[bool]):
    """A save that could not be opened: the one-line reason, and for a log cut off
    mid-event, the offer to keep its complete events (``log.recover``).

    Dismisses True when the log was repaired and can be opened again.
    """

    BINDINGS = [CANCEL, Binding("k", "keep", "Keep complete events", id="load.keep")]

    def __init__(self, error: LogError) -> None:
        super().__init__()
        self.error = error
        if not self.truncated:
            # Nothing to keep: ``k`` is not offered (footer, help) and does nothing.
            self._bindings.key_to_bindings.pop("k", None)

    @property
    def truncated(self) -> bool:
        """Whether the save was cut off mid-event with whole events before the cut (and so
        can be repaired)."""
        return isinstance(self.error, TruncatedLogError) and self.error.complete > 0

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static("This save cannot be opened", classes="modal-title")
            yield Static(str(self.error), classes="modal-question", markup=False, id="reason")
            if isinstance(self.error, TruncatedLogError) and self.error.complete == 0:
                yield Static("Not one event of it is whole, so there is no game to keep.",
                             classes="modal-hint")
            if self.truncated:
                assert isinstance(self.error, TruncatedLogError)
                n = self.error.complete
                yield Static(
                    f"Its end is damaged (cut off while an event was being saved, or "
                    f"edited). d6tui can keep the {plural(n, 'complete event')} before the "
                    "damage; the damaged file is copied aside first.",
                    classes="modal-hint",
                )
            yield Label("", classes="modal-error", id="error", markup=False)
            with Horizontal(classes="modal-buttons"):
                if self.truncated:
                    yield Button("Keep complete events (k)", id="keep", variant="warning")
                yield Button("Close (esc)", id="close")

    def on_mount(self) -> None:
        self.query_one("#close", Button).focus()

    def action_keep(self) -> None:
        """Repair a cut-off log and say where the damaged copy went."""
        if not self.truncated:
            return
        from d6tui.engine.log import recover

        assert isinstance(self.error, TruncatedLogError)
        try:
            backup, kept = recover(self.error.path, self.error.complete)
        except (D6Error, OSError) as e:
            self.query_one("#error", Label).update(f"Could not repair it: {e}")
            return
        if backup is None:
            self.query_one("#error", Label).update(
                "Nothing to repair: the file is whole now (another window may have repaired "
                "it). Close and open it again.")
            return
        self.app.notify(
            f"Kept {plural(kept, 'complete event')}. The damaged file was copied to {backup}",
            title="Save repaired",
            timeout=12, markup=False)
        self.dismiss(True)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "keep":
            self.action_keep()
        else:
            self.dismiss(False)


def describe_path(path: Path) -> str:
    """A path shortened for a modal: ``~/...`` under the home folder."""
    try:
        return "~/" + str(path.relative_to(Path.home()))
    except ValueError:
        return str(path)
