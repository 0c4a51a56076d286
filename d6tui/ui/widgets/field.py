"""A text field that takes every key in the order typed, however fast they come."""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class Field(Input):
    """An :class:`~textual.widgets.Input` that runs its own editing keys (Backspace, Delete,
    the arrows, Home, End, Enter...) as each key reaches it.

    Textual hands a typed character to the field's queue but runs a key's binding (Backspace:
    delete left) only once the key has bubbled back up to the app, for the widget focused
    *then*: in a burst of keys (a fast typist, a paste, tmux send-keys) a Backspace typed
    just before Tab deleted a character of the next field, after the letters typed there.
    Here a binding of the field runs in its place in the field's queue, after the
    characters typed before it and before those typed after it; keys the field has no
    binding for go on as before (Tab to the dialog, Escape to its Cancel).

    Its placeholder is shown in italics, dimmed: an example, never taken for a value.
    """

    # A placeholder is an example, not a value: in italics and dimmed, so that an empty
    # field never looks filled in.
    DEFAULT_CSS = """
    Field > .input--placeholder {
        color: $text-disabled;
        text-style: italic;
    }
    """

    async def _on_key(self, event: events.Key) -> None:
        if not event.is_printable:
            for binding in self._bindings.key_to_bindings.get(event.key, ()):
                if binding.priority or self.check_action(binding.action, ()) is False:
                    continue
                # False when the action skipped (a scroll key, and nothing to scroll): the
                # key goes on up, to the form that scrolls
                if await self.app.run_action(binding.action, self):
                    event.stop()
                    event.prevent_default()
                    return
        await super()._on_key(event)
