"""A game session: command -> validate -> event -> append -> fold, with undo and redo.

The folded state is cached, so an action costs one fold and one append, not a replay.
Undo and redo are events too (``undone``/``redone`` naming a ``seq``); undone events stay in
the log. States are checkpointed so that an undo refolds few events, or none
(:mod:`.fold_cache`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from types import EllipsisType
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.engine_events import engine_event_words, seat_words_of, table_dice_payload
from d6tui.engine.errors import DiceError, EventError, LogError, RuleError, StaleLogError
from d6tui.engine.events import EventList
from d6tui.engine.fold_cache import FoldCache
from d6tui.engine.game import SCHEMA_KEY, Move, Seat, check_title, fill_rolls, upcast
from d6tui.engine.log import ENGINE_EVENT_TYPES, EventLog, LogHeader, create_log, event_block, now
from d6tui.engine.notes import NOTE, Note, NoteBook, default_where
from d6tui.engine.registry import GameRules, load_rules
from d6tui.engine.session_dice import SessionDice, again_words
from d6tui.engine.session_words import SessionWords
from d6tui.engine.text import control_problem

#: How often (in events) a load reports its progress (and may be cancelled).
PROGRESS_EVERY = 200


class Session(SessionWords):
    """A game being played: its rules, header, events, current state and (optionally) file.

    Build one with :meth:`new` or :meth:`load`. Call :meth:`do` with a command function; the
    command validates against :attr:`state` (raising RuleError) and returns one event payload.

    Attributes:
        rules: the game's rules.
        header: the log header (title may change by ``retitled`` events).
        events: every event in the log, in ``seq`` order.
        state: the state folded from the effective events.
        dice: the app's dice for this session.
        log: the open file, or None for a session kept in memory (tests, bots).
    """

    def __init__(
        self,
        rules: GameRules,
        header: LogHeader,
        log: EventLog | None = None,
        dice: Dice | None = None,
    ) -> None:
        self.rules = rules
        self.header = header
        self.log = log
        #: Whether each event's words are also kept for each seat (the game's
        #: ``describe_for``), as a shared table's log needs; off elsewhere, where only the
        #: log's own line is read (:meth:`text_for` then gives that line).
        self.seat_words = False
        #: The seqs of events whose end mark does not match (edited by hand), read on as is.
        self.edited: tuple[int, ...] = ()
        #: The app's dice: seen dice stay on the table after an undo, and fresh ones come
        #: from a stream fixed by the seed and the event's seq (:mod:`.session_dice`).
        self.dice = SessionDice(header.options.get("seed"), self._next_seq, stream=dice)
        self.title = header.title
        self.events = EventList(log.read_span if log is not None else None)
        #: Each event in words, made when it was applied (``describe(event, state_before)``).
        self._texts: list[str] = []
        #: For a game with ``describe_for``: each event's words for each seat then (key
        #: None: a spectator's), or None where every seat reads ``_texts``'s.
        self._seat_texts: list[dict | None] = []
        #: The seats whose dice are typed from the table (``table_dice`` events).
        self.table_seats: frozenset[int] = frozenset()
        #: Every roll is typed, whoever's (and dice of no seat, such as a GM's NPCs').
        self.table_all = False
        #: The seq of the latest ``table_dice`` event (0: none yet), for a game whose own
        #: older event said the same (the later one decides).
        self.table_dice_at = 0
        self.state: Any = rules.new_state(header.options)
        self._effective: list[int] = []
        self._redo: list[int] = []
        self._undone: set[int] = set()
        #: The states kept for undo (checkpoints and the latest few).
        self._cache = FoldCache(self.state)
        #: Every note event (:mod:`.notes`); which are current follows undo and redo.
        self.notebook = NoteBook()

    # -- building -------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: str | GameRules,
        options: dict,
        *,
        path: str | os.PathLike[str] | None = None,
        title: str | None = None,
        dice: Dice | None = None,
        seat_words: bool = False,
    ) -> Session:
        """Start a new game: check the options, write the header, append the first event.

        Args:
            game: a slug or the rules.
            options: setup choices for ``rules.check_options``.
            path: the save file to create; None keeps the game in memory.
            title: the game's name; defaults to ``rules.default_title``.
            dice: the dice to use; defaults to ``Dice(options.get("seed"))``.
            seat_words: keep each event's words for each seat (:attr:`seat_words`).

        Raises:
            RuleError: the options break the rules (for example too many players).
            LogError: the file exists or cannot be written.
        """
        rules = load_rules(game) if isinstance(game, str) else game
        options = rules.checked_options(dict(options))
        if title is not None:
            title = check_title(title)
        header = LogHeader(
            game=rules.slug,
            title=title or rules.default_title(options),
            created=now(),
            options=options,
        )
        session = cls(rules, header, None, dice)
        session.seat_words = seat_words
        session._record(rules.start(options, session.dice))
        if path is not None:
            # The header and the first event appear together or not at all (DESIGN "The log").
            block = "[[events]]\n" + session.events.text(0) + "\n"
            log = create_log(path, header, session.events[0], block)
            session.log = log
            session.events.set_reader(log.read_span)
        return session

    @classmethod
    def load(
        cls, path: str | os.PathLike[str], *, dice: Dice | None = None,
        progress: Callable[[int, int], None] | None = None, rules: GameRules | None = None,
        seat_words: bool = False,
    ) -> Session:
        """Open a save file and fold its events.

        Args:
            seat_words: keep each event's words for each seat (:attr:`seat_words`).
            progress: called as ``progress(bytes_read, file_size)`` every
                :data:`PROGRESS_EVERY` events; it may raise to stop the load.
            rules: the game's rules; by default looked up from the header's ``game``.

        Raises:
            TruncatedLogError: the file was cut off mid-event (see ``log.recover``).
            LogError: the file is damaged, of a newer version, of an unknown game, or an event
                does not fit the game (with the seq and reason).
        """
        from d6tui.engine.log import EDITED, ENGINE_EVENT_TYPES, LogReader
        from d6tui.engine.registry import UnknownGameError
        from d6tui.engine.roll_labels import check_roll_labels

        p = Path(path)
        with LogReader(p) as reader:
            header = reader.header
            if rules is None:
                try:
                    rules = load_rules(header.game)
                except UnknownGameError as e:
                    raise LogError(p, str(e)) from None
            elif rules.slug != header.game:
                raise LogError(p, f"this is a {header.game} save, not {rules.slug}")
            types = rules.event_types | ENGINE_EVENT_TYPES
            log = EventLog(p, header, 0, reader.size)
            log.pad = reader.pad
            session = cls(rules, header, log, dice)
            session.seat_words = seat_words
            total = max(1, reader.size)
            # One block at a time, kept as a place in the file: memory stays small.
            events = reader.events(types.__contains__)
            for ev, offset, length, _ in events:
                try:
                    # d6tui wrote a block whose end mark fits, labels and all; an edited
                    # or unmarked (version 1) block may say "99999999d6" over two faces
                    if not reader.strict or reader.edited[-1:] == [ev["seq"]]:
                        check_roll_labels(ev)
                    session._apply(ev, span=(offset, length))
                except (EventError, RuleError, KeyError, TypeError, ValueError) as e:
                    reason = f"missing key {e}" if isinstance(e, KeyError) else str(e)
                    reason = (reason or type(e).__name__) + (EDITED if ev["seq"] in
                                                             reader.edited else "")
                    if reader.trimmed and next(events, None) is None:
                        raise reader.cut_at(ev["seq"] - 1, reason) from None
                    raise LogError(p, reason, seq=ev["seq"]) from None
                if progress is not None and ev["seq"] % PROGRESS_EVERY == 0:
                    progress(offset, total)
            log.last_seq = len(session.events)
            log.strict, session.edited = reader.strict, tuple(reader.edited)
        if not session.events:
            log.close()
            raise LogError(p, "the save holds no events (it was cut off before its first move "
                           "was saved), so there is no game in it to open")
        return session

    # -- acting ---------------------------------------------------------------------------

    def do(self, command: Callable[..., dict], *args: Any, **kwargs: Any) -> dict:
        """Run a command on the current state and record the event it returns.

        Args:
            command: ``command(state, *args, **kwargs) -> payload`` (a dict with ``type``);
                it raises RuleError when the move is illegal.

        Returns:
            The recorded event (with ``seq`` and ``at``).

        Raises:
            RuleError: the command broke a rule; nothing was recorded.
            StaleLogError: another window changed the game first; its events were folded in
                and nothing of this command was recorded (try again on the new state).
            LogError: the event could not be saved; the state is unchanged.
        """
        for _ in range(8):  # seen dice go to their own roll only: redo the rest afresh
            try:
                payload = command(self.state, *args, **kwargs)
            except BaseException:
                self.dice.rewind()
                raise
            wrong = self.dice.misplaced(payload)
            if not wrong:
                break
            self.dice.rewind(keep_barred=True)
            self.dice.bar(wrong)
        return self._record(payload)

    def find_move(self, move_id: str, seat: Seat | EllipsisType = ...) -> Move:
        """The legal move ``move_id`` of ``seat`` (left out: the seat to move).

        Raises:
            RuleError: it is not legal now; the message cites the rule that forbids it when
                the game says (``why_not``) and lists the legal moves.
        """
        from d6tui.engine.game import find_move

        moves = self.moves(seat)
        if any(m.id == move_id for m in moves):
            return find_move(moves, move_id)
        if move_id == "undo" and self.undo_sealed:
            raise RuleError(self.undo_sealed)
        to_move = self.rules.seat_to_move(self.state) if seat is ... else seat
        why = self.rules.why_not(self.state, to_move, move_id) if self.rules.why_not else ""
        return find_move(moves, move_id, why)

    def moves(self, seat: Seat | EllipsisType = ...) -> list[Move]:
        """The legal moves of ``seat`` now, undo and redo included (as the last two, when
        they would do something): left out, the seat the game waits for; None, a spectator,
        who has none. Undo and redo belong to the seat to move (at one keyboard it fixes a
        mis-key of the one before; over the SSH table the GM or the mover).

        Left out when the game waits for no one seat (it is over): a one-seat game's player
        keeps the moves the game still allows (6x6 Tales's names after the end, E17), and in
        every game undo and redo stay (seat None), as the app's keys make them then."""
        to_move = self.rules.seat_to_move(self.state)
        if seat is ...:
            seat = to_move
            if seat is None:
                if len(self.rules.seats(self.state)) == 1:
                    seat = 0
                else:
                    return self._undo_redo(None)
        if seat is None:
            return []
        out = list(self.rules.moves(self.state, seat))
        if seat != to_move and to_move is not None:
            return out
        return out + self._undo_redo(seat)

    def _undo_redo(self, seat: Seat) -> list[Move]:
        """``undo`` and ``redo`` of ``seat``, each when it would do something."""
        out = []
        if self.can_undo:
            out.append(Move("undo", "Undo the latest action", lambda *a, **k: {}, seat))
        if self.can_redo:
            out.append(Move("redo", "Redo, with the same dice", lambda *a, **k: {}, seat))
        return out

    def play(self, move: Move, answers: Mapping[str, Any] | None = None,
             typed: Mapping[str, str] | None = None) -> dict:
        """Make a legal move: check its choices, fill its dice, record its event.

        Args:
            move: one of :meth:`moves` (``undo`` and ``redo`` too).
            answers: choice name -> value (a list where several may be picked).
            typed: dice request name -> faces typed from table dice; the rest the app rolls.

        Returns:
            The recorded event.

        Raises:
            RuleError: an answer is not allowed, or the move breaks a rule.
            DiceError: typed faces of the wrong count or not on the die.
            StaleLogError, LogError: as :meth:`do`.
        """
        if move.id == "undo":
            return self.undo()
        if move.id == "redo":
            return self.redo()
        answers = dict(answers or {})
        unknown = set(answers) - {c.name for c in move.choices}
        if unknown:
            raise RuleError(f"'{move.id}' has no choice {', '.join(sorted(unknown))}")
        checked = {c.name: c.check(answers.get(c.name)) for c in move.choices}
        checked = {k: v for k, v in checked.items() if v is not None}

        def command(state: Any) -> dict:
            rolls = fill_rolls(move, self.dice, typed)
            return move.run(state, self.dice, **checked, **rolls)

        return self.do(command)

    def undo(self) -> dict:
        """Undo the latest effective game event (recorded as an ``undone`` event).

        Raises:
            RuleError: there is nothing to undo (the game's first event cannot be undone),
                or the game seals the latest event (:attr:`undo_sealed` says why).
        """
        if len(self._effective) <= 1:
            raise RuleError("there is nothing to undo")
        reason = self.undo_sealed
        if reason:
            raise RuleError(reason)
        return self._record({"type": "undone", "target": self._effective[-1]})

    def redo(self) -> dict:
        """Redo the most recently undone event, with the same dice (recorded as ``redone``).

        Raises:
            RuleError: there is nothing to redo (a new action since the undo clears redo).
        """
        if not self._redo:
            raise RuleError("there is nothing to redo")
        return self._record({"type": "redone", "target": self._redo[-1]})

    def retitle(self, title: str) -> dict:
        """Rename the game (recorded as a ``retitled`` event).

        Raises:
            RuleError: the title is empty, too long or holds a control character.
        """
        return self._record({"type": "retitled", "title": check_title(title)})

    def set_table_dice(self, seats: list[int] | None = None, *, everyone: bool = False) -> dict:
        """Choose whose dice are typed from real dice from now on (a ``table_dice`` event:
        the save keeps it, and it is no game move, so undo passes it by).

        Args:
            seats: the seats that type theirs; the app rolls everyone else's.
            everyone: every roll is typed (``seats`` is then ignored).

        Raises:
            RuleError: a seat that is not in the game.
        """
        return self._record(table_dice_payload(self.rules.seats(self.state), seats, everyone))

    def write_note(self, text: str, edits: int | None = None, at: dict | None = None) -> dict:
        """Write a note where the game is now, or edit one (a ``note`` event, undone and
        redone like a move; see :mod:`d6tui.engine.notes`).

        Args:
            text: the note (several lines; at most ``NOTE_MAX`` characters). For an edit,
                empty text removes the note (its older texts stay in the log).
            edits: the number of the note to edit (``Note.first``: the seq that first wrote
                it, as the app and ``d6tui note --edit`` name it), or None for a new note.
            at: for a new note, the anchor the writer was shown (``where()`` then): refused
                if the game has moved on since.

        Returns:
            The recorded event.

        Raises:
            RuleError: bad text (empty, too long, control characters), ``edits`` names no
                current note, or the game is no longer ``at``; nothing was recorded.
            StaleLogError, LogError: as :meth:`do`.
        """
        return self._record(self.notebook.payload(text, self.where, edits, self._undone, at))

    def notes(self) -> tuple[Note, ...]:
        """The current notes, in the order they were first written (undone ones and removed
        ones left out)."""
        return self.notebook.current(self._undone)

    def where(self) -> dict:
        """Where the game is now, as a note anchors to it: the game's ``where(state)``, or
        the number of moves made (``{"move": n, "label": "Move n"}``)."""
        if self.rules.where is not None:
            return self.rules.where(self.state)
        moves = sum(1 for seq in self._effective if seq not in self.notebook) - 1
        return default_where(max(0, moves))

    def table_dice_for(self, seat: Seat) -> bool:
        """Whether a roll of ``seat`` (None: of no seat) is typed from the table's dice."""
        return self.table_all or (seat is not None and seat in self.table_seats)

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would do something."""
        return len(self._effective) > 1 and not self.undo_sealed

    @property
    def undo_sealed(self) -> str:
        """Why the latest event may not be undone (``GameDefinition.sealed``), or ""."""
        sealed, target = self.rules.sealed, self.undo_target
        return "" if sealed is None or target is None else sealed(self.state, target)

    @property
    def undo_target(self) -> dict | None:
        """The event :meth:`undo` would take back now, or None when there is none."""
        return self.events[self._effective[-1] - 1] if len(self._effective) > 1 else None

    @property
    def redo_target(self) -> dict | None:
        """The event :meth:`redo` would bring back now, or None when there is none."""
        return self.events[self._redo[-1] - 1] if self._redo else None

    @property
    def can_redo(self) -> bool:
        """Whether :meth:`redo` would do something."""
        return bool(self._redo)

    def _describe(self, ev: dict) -> str:
        words = engine_event_words(ev, self.rules, self.state, self.notebook)
        if words is not None:
            return words
        return self.rules.describe(ev, self.state) + again_words(ev)

    def _next_seq(self) -> int:
        return len(self.events) + 1

    def refresh(self) -> int:
        """Fold in events another window appended, reading only the file's new tail.

        Returns:
            How many events there were.

        Raises:
            LogError: the file shrank or its new text is not whole events (nothing is folded),
                or a new event does not fit the game.
        """
        if self.log is None:
            return 0
        new = self.log.read_new()
        for ev, offset, length in new:
            try:
                self._apply(ev, span=(offset, length))
            except (EventError, RuleError, KeyError, TypeError, ValueError) as e:
                raise LogError(self.log.path, str(e) or type(e).__name__, seq=ev["seq"]) from None
        self.log.last_seq = len(self.events)
        return len(new)

    # -- internals ------------------------------------------------------------------------

    def _record(self, payload: dict) -> dict:
        event = {"seq": len(self.events) + 1, "type": payload["type"], "at": now()}
        if self.rules.schema > 1 and payload["type"] not in ENGINE_EVENT_TYPES:
            event[SCHEMA_KEY] = self.rules.schema
        event.update((k, v) for k, v in payload.items() if k != "type" and v is not None)
        refused = self.dice.typed_over_seen(event)
        if refused is not None:
            self.dice.rewind()
            raise DiceError(refused)
        event.update(self.dice.again_keys())
        # Fold first: a command whose event does not fold is a bug, and must not be saved.
        before = self._snapshot()
        try:
            block = event_block(event)
            self._apply(event, block[len("[[events]]\n"):-1], live=True)
        except BaseException:
            self.dice.rewind()
            self._restore(before)
            raise
        if self.log is not None:
            try:
                self.log.append(event, block)
            except StaleLogError as stale:
                self.dice.rewind()
                self._restore(before)
                for ev in stale.new_events:
                    self._apply(ev, _block_text(ev))
                raise
            except BaseException:
                self.dice.rewind()
                self._restore(before)
                raise
        self.dice.committed()
        return event

    def _snapshot(self) -> tuple:
        # O(1) in the length of the game, except the checkpoints (one per 64 events).
        return (
            self.state, len(self._effective), self._effective[-1:], list(self._redo),
            set(self._undone), dict(self._cache.checkpoints), len(self.events), self.title,
            [[t, list(p), k, src] for t, p, k, src in self.dice.seen], self.table_seats,
            self.table_all,
        )

    def _restore(self, snap: tuple) -> None:
        (self.state, n_eff, tail, self._redo, self._undone, self._cache.checkpoints, n,
         self.title, self.dice.seen, self.table_seats, self.table_all) = snap
        del self._texts[n:]
        del self._seat_texts[n:]
        self.notebook.truncate(n)
        del self._effective[n_eff:]
        if len(self._effective) < n_eff:  # an undo popped the last one
            self._effective.extend(tail)
        self.events.truncate(n)

    def _apply(
        self, event: dict, text: str | None = None, span: tuple[int, int] | None = None,
        live: bool = False,
    ) -> None:
        """Fold one event (any type) in and keep it; ``live`` when :meth:`_record` made it
        (its seen dice were taken already)."""
        t = event["type"]
        words = self._describe(event)
        seat_words = seat_words_of(event, self.rules, self.state, words) \
            if self.seat_words else None
        if t == "undone":
            target = event.get("target")
            if not self._effective or target != self._effective[-1] or len(self._effective) <= 1:
                raise EventError(f"event {target!r} is not the latest action, so cannot be undone")
            self._effective.pop()
            self._redo.append(target)
            self._undone.add(target)
            self.dice.put_back(target, self.events[target - 1])
            self.state = self._refold(len(self._effective))
        elif t == "redone":
            target = event.get("target")
            if not self._redo or target != self._redo[-1]:
                raise EventError(f"event {target!r} was not the latest undone, so cannot be redone")
            self._redo.pop()
            self._undone.discard(target)
            self.dice.pick_up(target)
            self._fold(self.events[target - 1])
        elif t == "retitled":
            title = event.get("title")
            if not isinstance(title, str) or not title.strip() or control_problem("", title):
                raise EventError("a retitled event needs a title with no control characters")
            self.title = title
        elif t == "table_dice":
            seats = event.get("seats", [])
            if not isinstance(seats, list) or not all(
                    isinstance(x, int) and not isinstance(x, bool) for x in seats):
                raise EventError("a table_dice event lists its seats by number")
            self.table_seats = frozenset(seats)
            self.table_all = event.get("all") is True
            self.table_dice_at = int(event.get("seq", 0))
        elif t == NOTE:
            self.notebook.add(event, self._undone)
            self._redo.clear()
            self._fold(event)
        else:
            self._redo.clear()
            self._fold(event)
            if not live:
                self.dice.replay_taken(event)
        self._texts.append(words)
        self._seat_texts.append(seat_words)
        if span is not None:
            self.events.append_span(event, *span)
        else:
            self.events.append(event, text if text is not None else _block_text(event))

    def _fold(self, event: dict) -> None:
        n = len(self._effective)
        self._cache.folding(n, self.state)
        if event["type"] != NOTE:  # a note changes nothing in the game
            self.state = self.rules.fold(self.state, upcast(self.rules, event))
        self._effective.append(event["seq"])
        self._cache.folded(n + 1, self.state)

    def _refold(self, n: int) -> Any:
        """The state after the first ``n`` effective events (after an undo)."""
        def fold_seq(state: Any, seq: int) -> Any:
            if seq in self.notebook:
                return state
            return self.rules.fold(state, upcast(self.rules, self.events[seq - 1]))

        return self._cache.state_at(n, self._effective, fold_seq)

    def close(self) -> None:
        """Close the save file."""
        if self.log is not None:
            self.log.close()


def _block_text(event: dict) -> str:
    """The stored text of an event read back from the file (see :class:`EventList`)."""
    return event_block(event)[len("[[events]]\n"):-1]
