"""The base of every game screen: the session, commands, undo/redo, log view, palette.

A game screen holds the :class:`~d6tui.engine.session.Session`. Keys call commands through
:meth:`GameScreen.do`; the session validates, appends and folds; the screen then re-renders
every widget from ``session.state`` (DESIGN "UI conventions": widgets never change state).

At a table shared over SSH the screen holds a
:class:`~d6tui.server.seat_session.SeatSession` instead: the same shape, whose state is this
seat's view and whose moves go to the table's writer. The screen then plays one seat
(:attr:`GameScreen.table_seat`, :meth:`GameScreen.seat_here`) with no hand-over between
players, and redraws when the table says something changed (:class:`TableChanged`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.message import Message
from textual.reactive import Reactive
from textual.screen import Screen

from d6tui.engine.errors import DiceError, LogError, RuleError, StaleLogError
from d6tui.engine.session import Session
from d6tui.words import plural

#: Binding ids of the shared game keys (for ``keymap`` in the config file).
UNDO, REDO, LOG, HOME = "game.undo", "game.redo", "game.log", "game.home"
#: Binding ids of the note keys.
NOTE, NOTES = "game.note", "game.notes"

#: How often (seconds) an open game looks whether another window changed its file.
WATCH_EVERY = 0.25


#: The server's Tables key (bound by the app under ``d6tui serve``).
TABLES_KEY = "T"


@dataclass
class TableChanged(Message):
    """The server says something changed at shared table ``code`` (a move, a player
    arriving or leaving)."""

    code: str


@dataclass
class GameChanged(Message):
    """The session's state changed (a command, undo, redo or a reload)."""

    event: dict | None
    """The event recorded, or None after a reload."""


class GameCommands(Provider):
    """The command palette's list of the current game's commands, with their keys.

    It reads the active bindings of the screen the palette was opened from, so it lists only
    what can be done now, under the keys the player configured.
    """

    def _commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        screen = self.screen
        if not isinstance(screen, GameScreen):
            return []
        by_action: dict[str, tuple[list[str], Binding]] = {}
        prefixes = ("game.", f"{screen.session.rules.slug}.")
        for key, active in screen.active_bindings.items():
            b = active.binding
            if (active.node is not screen or not active.enabled or not b.description
                    or not (b.id or "").startswith(prefixes) or b.action.startswith("nth(")):
                continue  # Textual's own screen keys and the numbered shortcuts
            keys, _ = by_action.setdefault(active.binding.action, ([], active.binding))
            keys.append(self.app.get_key_display(replace(active.binding, key=key)))
        out: list[tuple[str, str, Callable[[], Any]]] = []
        for action, (keys, binding) in by_action.items():
            name = f"{screen.game_name}: {binding.description}"
            help_text = f"key {' / '.join(keys)}" + (
                f" - {binding.tooltip}" if binding.tooltip else "")
            out.append((name, help_text, partial(screen.run_action, action)))
        return out

    async def discover(self) -> Hits:
        """Every command of the game, unfiltered."""
        for name, help_text, callback in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        """The commands whose name matches ``query``."""
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, text=name, help=help_text)


class GameScreen(Screen):
    """What every game screen shares.

    Subclasses compose their widgets (plus :class:`~d6tui.ui.widgets.event_log.EventLogView`
    with id ``log``), implement :meth:`render_state`, and call :meth:`do` from their actions.

    Args:
        session: the game being played.
    """

    CSS_PATH: ClassVar[Any] = [Path(__file__).with_name("game.tcss")]
    COMMANDS = {GameCommands}

    #: The title and status line (``refresh_game`` sets them after every move). Textual's own
    #: reactives repaint the whole screen when they change; only the Header shows them, and
    #: it redraws itself by watching them, so a change here repaints nothing else.
    title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    sub_title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    BINDINGS = [
        Binding("u", "undo", "Undo", id=UNDO, tooltip="Undo the latest action (kept in the log)"),
        Binding("ctrl+y,U", "redo", "Redo", id=REDO, tooltip="Redo what was undone, same dice"),
        Binding("l", "toggle_log", "Log", id=LOG, tooltip="Show or hide the event log"),
        Binding("escape,h", "home", "Home", id=HOME, show=False,
                tooltip="Back to the home screen (the game is saved)"),
        Binding("N", "write_note", "Write a note", id=NOTE, show=False,
                tooltip="Your own words, kept in the log where the game is now"),
        Binding("ctrl+n", "notes", "Read and edit the notes", id=NOTES, show=False,
                tooltip="Every note of the game; pick one to edit it"),
    ]

    #: The help text of the screen (Markdown, own words, with rulebook sections).
    HELP: ClassVar[str] = ""

    #: Whether this screen plays one seat of a shared table: it draws from
    #: ``session.state`` as this seat's view (:meth:`seat_here`, no hand-over) and makes
    #: every change through the game's moves (``session.play``), never a command function
    #: of its own (``session.do``). A screen that is not gets the generic screen at a table.
    AT_A_TABLE: ClassVar[bool] = False

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        if self.at_table:
            # At a shared table ``T`` is the server's Tables key (the app's) on every game
            # screen: a screen's own ``T`` (Shooter's "always table dice", Simple Six's
            # "time passes") gives way there, so the lobby is one key away everywhere.
            self._bindings.key_to_bindings.pop(TABLES_KEY, None)
        #: The last problem the file watch showed (each is shown once, not every poll).
        self._watch_problem = ""
        self._footer_keys: tuple = ()

    def refresh_bindings(self) -> None:
        """Tell the Footer only when a key it shows changed (its key, action, words, tooltip
        or whether it is enabled).

        The Footer rebuilds every key it shows at each refresh, which costs more than drawing
        the move itself; most moves leave the Footer's keys as they were.
        """
        shown = tuple(
            (key, a.binding.action, a.binding.description, a.enabled, a.tooltip)
            for key, a in self.active_bindings.items() if a.binding.show
        )
        if shown != self._footer_keys:
            self._footer_keys = shown
            super().refresh_bindings()

    @property
    def at_table(self) -> bool:
        """Whether this screen plays one seat of a table shared over SSH."""
        return getattr(self.session, "code", None) is not None and hasattr(self.session, "seat")

    @property
    def table_seat(self) -> int | None:
        """The seat this terminal plays at a shared table (None: watching, or at one
        keyboard; see :attr:`at_table`)."""
        return getattr(self.session, "seat", None)

    def seat_here(self, to_move: Any) -> Any:
        """The seat whose eyes this screen shows: at one keyboard the seat to move
        (``to_move``), at a shared table this terminal's own (None when watching)."""
        return self.table_seat if self.at_table else to_move

    @property
    def game_name(self) -> str:
        """The game's full name."""
        return self.session.rules.name

    # -- commands ---------------------------------------------------------------------------

    def do(self, command: Callable[..., dict], *args: Any, **kwargs: Any) -> dict | None:
        """Run a game command and re-render.

        Rule and dice problems are shown to the player (nothing is recorded); if another window
        changed the game first, its events are folded in and the player is told.

        Returns:
            The recorded event, or None when nothing was recorded.
        """
        return self._guard(lambda: self.session.do(command, *args, **kwargs))

    def play(self, move_id: str, answers: dict[str, Any] | None = None) -> dict | None:
        """Make the legal move ``move_id`` of the seat to move (``Session.play``): the one way
        a key runs a move. ``answers`` holds its choices and any dice a prompt took from the
        table (as roll dicts, under the dice request's name); the app rolls the rest.

        Returns:
            The recorded event, or None when nothing was recorded (the reason is shown).
        """
        def act() -> dict:
            move = self.session.find_move(move_id)
            given = dict(answers or {})
            typed = {d.name: given.pop(d.name) for d in move.dice if d.name in given}
            return self.session.play(move, given, typed)

        return self._guard(act)

    def _guard(self, act: Callable[[], dict]) -> dict | None:
        try:
            event = act()
        except StaleLogError as e:
            self.notify(
                f"Another window added {plural(len(e.new_events), 'event')} to this game; it was "
                "reloaded. Try again.",
                title="Game reloaded", severity="warning", timeout=8, markup=False)
            self.post_message(GameChanged(None))
            self.refresh_game()
            return None
        except (RuleError, DiceError) as e:
            self.notify(str(e), title="Not allowed", severity="error", timeout=6, markup=False)
            return None
        except LogError as e:
            self.notify(str(e), title="Could not save", severity="error", timeout=12, markup=False)
            return None
        self.post_message(GameChanged(event))
        self.refresh_game()
        return event

    def is_computer(self, seat: Any) -> bool:
        """Whether the computer plays ``seat`` on this screen (a screen with computer
        seats says; undo and redo then go by the person's turn, see :meth:`action_undo`)."""
        return False

    def stop_computer(self) -> None:
        """Stop a computer move under way (before an undo); a screen with computer seats
        stops its worker or timer here."""

    def action_undo(self) -> None:
        """Undo the latest action (an ``undone`` event; the log keeps it, struck through).
        Against the computer, its moves since the person's last action go with that action
        (:func:`d6tui.engine.turn_undo.undo_turn`), so it does not at once make them again."""
        from d6tui.engine.turn_undo import undo_turn

        self.stop_computer()
        done: list[dict] = []

        def act() -> dict:
            done.extend(undo_turn(self.session, self.is_computer))
            return done[-1]

        if self._guard(act) is None:
            if not done:
                return
            self.refresh_game()  # a later step failed: show where the undo stopped
        self.app.clear_notifications()
        events = getattr(self.session, "events", None) or []
        batch = {str(events[e["target"] - 1].get("batch", "")) if e["target"] <= len(events)
                 else "" for e in done}
        if len(done) > 1 and len(batch) == 1 and "" not in batch:
            label = batch.pop().split(", #")[0]  # the group's names, not its event number
            self.notify(f"Undone: {label}, the {len(done)} added together. Redo with "
                        "ctrl+y.", timeout=4, markup=False)
            return
        if len(done) > 1:
            self.notify("Undone: your last action and the computer's moves after it. Redo "
                        "with ctrl+y.", timeout=4, markup=False)
            return
        what = self.session.text_of(done[0]["target"] - 1).split("\n", 1)[0]  # seq n: n-1
        what = what if len(what) <= 48 else what[:47] + "\u2026"
        self.notify(f"Undone: {what}. Redo with ctrl+y.", timeout=3, markup=False)

    def action_redo(self) -> None:
        """Redo the latest undone action with the same dice; against the computer, the
        computer's moves undone with it come back too
        (:func:`~d6tui.engine.turn_undo.redo_turn`)."""
        from d6tui.engine.turn_undo import redo_turn

        self._guard(lambda: redo_turn(self.session, self.is_computer)[-1])

    @work(exclusive=True, group="game-note")
    async def action_write_note(self) -> None:
        """Write a note where the game is now (a ``note`` event, undone like a move)."""
        await self._note_box()

    @work(exclusive=True, group="game-note")
    async def action_notes(self) -> None:
        """List the notes; the one picked is edited (an edit is another ``note`` event)."""
        from d6tui.ui.screens.notes import NEW_NOTE, NotesModal

        number = await self.app.push_screen_wait(NotesModal(self.session.notes()))
        if number is not None:
            await self._note_box(edits=None if number == NEW_NOTE else number)

    def _note(self, number: int | None) -> Any:
        return next((n for n in self.session.notes() if n.first == number), None)

    async def _note_box(self, text: str = "", edits: int | None = None) -> None:
        """The note box, until the note is saved or the player gives it up.

        A new note is saved where its box said, or where the game is now if the player agrees
        (the game moved on while the box was open); an edit of a note removed meanwhile
        (another window) may be saved as a new note. Typed text is never lost to a refusal:
        the box opens again with it.
        """
        from d6tui.ui.screens.modals import ConfirmModal
        from d6tui.ui.screens.notes import NoteModal

        typed: str | None = None  # saved in the box, not yet recorded
        at: dict = {}
        while True:
            note = self._note(edits)
            if edits is not None and note is None:  # removed or undone meanwhile
                at = self.session.where()
                if not await self.app.push_screen_wait(ConfirmModal(
                        f"Note #{edits} was removed meanwhile (another window changed the "
                        f"game). Save your text as a new note at {at.get('label')}?",
                        "Save as a new note", no="Back to the text")):
                    if typed is None:
                        return
                    text, typed = typed, None  # the box again, as a new note
                edits = None
            if typed is None:
                if note is not None:
                    box = NoteModal(f"Edit note #{edits}" + (f" ({note.label})" if note.label
                                                             else ""), text or note.text,
                                    edit=True, start=note.text)
                else:
                    at = self.session.where()
                    box = NoteModal("Write a note" + (f" \u00b7 {at['label']}" if
                                                      at.get("label") else ""), text, start="")
                typed = await self.app.push_screen_wait(box)
                if typed is None:
                    return
                if note is None and self.session.where() != at:
                    now = self.session.where()
                    if not await self.app.push_screen_wait(ConfirmModal(
                            "The game moved on while the box was open: save the note at "
                            f"{now.get('label')}?", "Save it there", no="Back to the note")):
                        text, typed = typed, None  # the box again, titled where the game is
                        continue
                    at = now
                if note is not None and self._note(edits) is None:
                    continue  # removed while the box was open: asked above, text kept
            event = self._guard(partial(self.session.write_note, typed, edits=edits,
                                        at=at if edits is None else None))
            if event is None:  # refused (another window, the game moved on): keep the text
                if edits is None or self._note(edits) is not None:
                    text, typed = typed, None
                continue
            words = "Note removed." if edits is not None and not event["text"] else \
                "Note saved."
            self.notify(words, timeout=2, markup=False)
            return

    def keys_of(self, action: str) -> set[str]:
        """The keys of this screen's bindings that run ``action``, as the key map sets them."""
        bindings = self._bindings.copy()
        if self.app._keymap:
            bindings.apply_keymap(self.app._keymap)
        return {key for key, found in bindings.key_to_bindings.items()
                if any(b.action == action for b in found)}

    def on_key(self, event: events.Key) -> None:
        """Undo or redo with nothing to undo or redo says so (its key is hidden, not dead)."""
        nothing = ("Nothing of yours to undo: at a table you undo only your own latest move, "
                   "before anyone else moves." if self.at_table
                   else self.session.undo_sealed
                   or "Nothing to undo: the game is at its start.")
        for action, possible, words in (
            ("undo", self.session.can_undo, nothing),
            ("redo", self.session.can_redo,
             "Nothing to redo: only an undo can be redone, until the next move."),
        ):
            if not possible and event.key in self.keys_of(action):
                event.stop()
                event.prevent_default()
                self.notify(words, severity="warning", timeout=4, markup=False)
                return

    def action_toggle_log(self) -> None:
        """Show or hide the event log."""
        log = self.query("#log")
        if log:
            widget = log.first()
            widget.display = not widget.display
            if widget.display:
                self._show_history()

    def action_home(self) -> None:
        """Leave the game for the home screen; everything is already saved."""
        self.app.pop_screen()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide undo and redo when there is nothing to undo or redo."""
        if action == "undo":
            return self.session.can_undo
        if action == "redo":
            return self.session.can_redo
        return True

    # -- drawing ----------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.refresh_game()
        if self.session.log is not None:
            self.set_interval(WATCH_EVERY, self.check_file, name="watch-save")

    def check_file(self) -> int:
        """Fold in and show what another window appended to this game's file (polled every
        :data:`WATCH_EVERY` seconds: a ``stat``, then only the new tail is read).

        Returns:
            How many events were folded in.
        """
        log = self.session.log
        if log is None or not log.changed_on_disk():
            return 0
        try:
            n = self.session.refresh()
        except LogError as e:
            if str(e) != self._watch_problem:  # said once, not every quarter second
                self._watch_problem = str(e)
                self.notify(str(e), title="The save changed", severity="error", timeout=12,
                            markup=False)
            return 0
        self._watch_problem = ""
        if n:
            self.post_message(GameChanged(None))
            self.refresh_game()
        return n

    def on_table_changed(self, message: TableChanged) -> None:
        """Take the table's new frame and redraw (a shared table's screen only)."""
        if not self.at_table or message.code != self.session.code:
            return
        before = self.session.frame
        try:
            self.session.refresh()
        except (RuleError, LogError) as e:
            if str(e) != self._watch_problem:
                self._watch_problem = str(e)
                self.notify(str(e), title="The table", severity="error", timeout=12,
                            markup=False)
            return
        self._watch_problem = ""
        from d6tui.server.presence import people_changes

        if self._tells_the_table():
            for line in people_changes(before, self.session.frame):  # "ben left; seat kept"
                self.notify(line, title=f"Table {self.session.code}", timeout=6, markup=False)
        self.post_message(GameChanged(None))
        self.refresh_game()

    def _tells_the_table(self) -> bool:
        """Whether this screen tells its table's comings and goings: only the topmost
        screen of the table in the stack does, so a notice comes once though the table's
        screen is there twice (left under the lobby, then joined again over it)."""
        code = self.session.code
        for screen in reversed(self.app.screen_stack):
            if isinstance(screen, GameScreen) and screen.at_table and \
                    screen.session.code == code:
                return screen is self
        return True

    def on_unmount(self) -> None:
        if self.at_table and self.table_seat is None and not any(
                isinstance(s, GameScreen) and s is not self and s.at_table
                and s.session.code == self.session.code
                and getattr(s.session, "calls", None) is getattr(self.session, "calls", None)
                for s in self.app.screen_stack):
            self.session.stop_watching()  # Escape: the lobby stops listing him watching
        self.session.close()

    def refresh_game(self) -> None:
        """Re-render everything from ``session.state``: title, widgets, log, footer keys."""
        self.title = self.session.title
        self.sub_title = self.session.rules.status(self.session.state)
        self.fit_table_header(self.sub_title)
        self.render_state(self.session.state)
        self._show_history()
        self.refresh_bindings()

    def fit_table_header(self, status: str) -> bool:
        """At a shared table, set the header to the game's title, ``status`` and
        :meth:`table_part`, fitted to the width (the table's part whole).

        Returns:
            Whether it did (False at one keyboard: the screen's own header stands).
        """
        if not self.at_table:
            return False
        self.title, self.sub_title = fit_header(self.session.title, status, self.table_part(),
                                                self.app.size.width - HEADER_SIDES)
        return True

    def table_part(self) -> str:
        """The header's words for a shared table: ``table CODE, ann (seat 1)``, and the
        seats whose players are away (``; ben away``); empty at one keyboard."""
        if not self.at_table:
            return ""
        from d6tui.server.presence import away_note

        away = away_note(self.session.frame)
        return f"table {self.session.code}, {self.session.seat_name()}" + \
            (f"; {away}" if away else "")

    def on_resize(self) -> None:
        """At a table the header's title is fitted to the new width."""
        if self.at_table and self.is_mounted:
            self.refresh_game()

    def _show_history(self) -> None:
        from d6tui.ui.widgets.event_log import EventLogView

        for log in self.query(EventLogView):
            # a hidden log keeps the (lazy) history and draws it when a layout or `l` shows
            # it again, so a resize that shows it never shows an empty or stale log
            log.show(self.session.history())

    def render_state(self, state: Any) -> None:
        """Pass ``state`` down to the widgets. Subclasses implement it."""

    def compose(self) -> ComposeResult:  # pragma: no cover - subclasses compose
        yield from ()


#: Columns of the header that are not its title: the icon on the left, the clock's room on
#: the right, and their margins.
HEADER_SIDES = 20


def _cut(text: str, width: int) -> str:
    from rich.cells import cell_len, set_cell_size

    if cell_len(text) <= width:
        return text
    return set_cell_size(text, max(width - 1, 0)).rstrip() + "\u2026"


def fit_header(title: str, status: str, table: str, width: int) -> tuple[str, str]:
    """A table's header text fitted to ``width`` columns, shown as ``title — sub-title``:
    the table's part (``table CODE, seat``) is always whole; the game's title is shortened
    first (to no fewer than 12 columns, with an ellipsis), then its status line.

    Returns:
        ``(title, sub_title)``.
    """
    from rich.cells import cell_len

    sep = " \u2014 "
    tail = sep + table
    full = title + sep + status + tail
    if cell_len(full) <= width:
        return title, status + tail
    room = width - cell_len(sep + status + tail)
    short_title = _cut(title, max(room, 12))
    room = width - cell_len(short_title + sep + tail)
    return short_title, _cut(status, max(room, 10)) + tail
