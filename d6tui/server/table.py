"""A shared table: one game's Session, its seats bound to players' names, its spectators,
and the one writer of its log (DESIGN "Seats, tables and the SSH server").

No UI and no SSH here: the server holds one :class:`~d6tui.server.tables.Tables`, and
each player's session reaches its table through it. Every move goes through
:meth:`Table.play`, which checks it against the seat of the player who sent it (only
``session.moves(seat)`` of that seat), records it, and tells every subscriber, each of
which then draws :meth:`Table.view` of its own seat (a spectator's view for a watcher),
never the whole state.

**Undo at a shared table, decided.** A seat may take back its own latest move, as long as
no other seat has moved since (so a player who is still on turn can step back through their
own moves one by one); a seat may redo what it undid itself, until someone moves. Nobody can
take back another player's move from their own terminal: at a real table that needs the
other's agreement, and an undone move of theirs could hide what they saw. Each move made at
a table names its seat in the event (:data:`TABLE_SEAT`), which is how the rule is checked,
after a restart too.

**Table dice at a table.** Each seat chooses for itself whether its own rolls are typed from
real dice (:meth:`Table.set_table_dice`: a ``table_dice`` event, so every terminal shows who
types theirs). Typed faces come from the seat's own terminal and are checked here again, as
text (:mod:`.typed_dice`), against the die of the move's dice request: a roll sent
ready-made is never trusted, and every typed roll is stored with ``source = "table"`` and
marked so in every seat's log.

**The computer at a table.** A seat nobody holds, or whose player is away (no terminal at
the table), may be handed to the game's computer player by another seated player, where
the game has one (``rules.computer``); the others may also just wait. The table then plays
that seat's moves itself (:meth:`Table.computer_move`), reading only
``view(state, seat)``; its moves name the seat as a player's do. The seat's own player
takes it back by joining the table again.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping
from typing import Any

from d6tui.engine.errors import D6Error, RuleError
from d6tui.engine.game import GameDefinition, Move
from d6tui.engine.session import Session
from d6tui.server.typed_dice import typed_as_text

log = logging.getLogger("d6tui.server")

#: The engine's undo and redo moves (offered at a table by the rule of the module docstring).
UNDO_REDO = frozenset({"undo", "redo"})

#: The key of a game event made at a table that names the seat (index) that made it.
TABLE_SEAT = "table_seat"

#: Called with the table after every change (a move, a player joining, leaving, ...).
Listener = Callable[["Table"], None]


class TableError(D6Error):
    """Something a player may not do at a table; the message is one line."""


class Table:
    """One game played by several players, each at their own terminal.

    Args:
        code: the short code others join by.
        session: the game (its log is written only through this table), made with
            ``seat_words=True`` so each seat's log reads its own words.
        host: the name of the player who opened it.

    Raises:
        ValueError: the game tells seats different words (``describe_for``) and the session
            was made without them: a seat would read the whole line.
    """

    def __init__(self, code: str, session: Session, host: str) -> None:
        if session.rules.describe_for is not None and not session.seat_words:
            raise ValueError("a table's session keeps each seat's words: make it with "
                             "seat_words=True")
        self.code = code
        self.session = session
        self.host = host
        #: seat index -> the name of the player who holds it.
        self.holders: dict[int, str] = {}
        #: names watching without a seat.
        self.spectators: set[str] = set()
        #: names with a terminal at the table now (seated or watching).
        self.present: set[str] = set()
        self._listeners: dict[int, Listener] = {}
        self._next_listener = 0
        #: the seats the table's computer plays now (see the module docstring).
        self.computer: set[int] = set()
        #: Called when a seat is taken or given up (the server's list of tables is saved).
        self.on_seats: Callable[[], None] | None = None
        #: The names of the server's players (its keys), read when someone sits: a seat
        #: named after one of them is kept for that player (see :meth:`join`).
        self.players: Callable[[], set[str]] = set
        #: Called with the table when who sits, watches or is there changes (the lobbies
        #: are told; see :attr:`Tables.on_lobby`).
        self.on_people: Callable[[Table], None] | None = None

    # -- who sits where -------------------------------------------------------------------

    @property
    def rules(self) -> GameDefinition:
        """The game's rules."""
        return self.session.rules

    def seat_names(self) -> tuple[str, ...]:
        """The game's seats, by index (``rules.seats(state)``)."""
        return tuple(self.rules.seats(self.session.state))

    def seat_of(self, name: str) -> int | None:
        """The seat ``name`` holds, or None (a spectator or a stranger)."""
        for seat, holder in self.holders.items():
            if holder == name:
                return seat
        return None

    def free_seats(self) -> list[int]:
        """The seats nobody holds, in order."""
        return [i for i in range(len(self.seat_names())) if i not in self.holders]

    def kept_for(self, seat: int) -> str | None:
        """The player a seat is kept for: the server's player (key name) whose name is the
        seat's name, ignoring case and spaces around it; None for a seat anyone may take."""
        names = self.seat_names()
        if not 0 <= seat < len(names):
            return None
        wanted = str(names[seat]).strip().casefold()
        return next((p for p in sorted(self.players()) if p.strip().casefold() == wanted),
                    None)

    def _own_seat(self, name: str) -> int | None:
        """The free seat named after ``name`` (ignoring case), if any."""
        wanted = name.strip().casefold()
        return next((i for i in self.free_seats()
                     if str(self.seat_names()[i]).strip().casefold() == wanted), None)

    def join(self, name: str, seat: int | None = None) -> int:
        """Sit ``name`` at the table; a player who holds a seat already gets it back.

        Which seat: one named after ``name`` (ignoring case) is theirs; otherwise the first
        free seat not kept for another player (:meth:`kept_for`: a seat named after one of
        the server's players waits for that player).

        Args:
            name: the player (their key's name).
            seat: the seat wanted, or None for the one described above.

        Returns:
            The seat's index.

        Raises:
            TableError: the seat does not exist, is someone else's or is kept for another
                player, or no seat is left for ``name``.
        """
        held = self.seat_of(name)
        if held is not None:
            if seat is not None and seat != held:
                raise TableError(f"you hold {self._seat_label(held)} at table {self.code}")
            if held in self.computer:
                self.computer.discard(held)
                self._seats_changed()
                log.info("computer stops code=%s seat=%d name=%s", self.code, held, name)
            self._arrive(name)
            return held
        seats = self.seat_names()
        def kept_for_another(i: int) -> bool:
            keeper = self.kept_for(i)
            return keeper is not None and keeper != name

        if seat is None:
            seat = self._own_seat(name)
        if seat is None:
            free = [i for i in self.free_seats() if not kept_for_another(i)]
            if not self.free_seats():
                raise TableError(f"every seat at table {self.code} is taken; you may watch")
            if not free:
                keepers = ", ".join(str(self.kept_for(i)) for i in self.free_seats())
                raise TableError(f"the free seats at table {self.code} are kept for "
                                 f"{keepers}; you may watch")
            seat = free[0]
        elif not 0 <= seat < len(seats):
            raise TableError(f"table {self.code} has no seat {seat + 1}")
        elif seat in self.holders:
            raise TableError(f"{self._seat_label(seat)} is {self.holders[seat]}'s")
        elif kept_for_another(seat):
            raise TableError(f"{self._seat_label(seat)} is kept for {self.kept_for(seat)}")
        self.holders[seat] = name
        self.computer.discard(seat)
        self.spectators.discard(name)
        self._seats_changed()
        self._arrive(name)
        return seat

    def watch(self, name: str) -> None:
        """``name`` watches the table without a seat (one with a seat keeps it and sees their
        seat's view: use :meth:`join`).

        Raises:
            TableError: ``name`` holds a seat here.
        """
        if self.seat_of(name) is not None:
            raise TableError(f"you hold a seat at table {self.code}; join to take it back")
        self.spectators.add(name)
        self._arrive(name)

    def disconnect(self, name: str) -> None:
        """``name``'s terminal went away; their seat is kept for them (a watcher is no
        longer listed as watching)."""
        if name in self.present:
            self.present.discard(name)
            self.spectators.discard(name)
            self._changed()
            self._people_changed()

    def leave(self, name: str) -> None:
        """``name`` gives up their seat (or stops watching)."""
        seat = self.seat_of(name)
        if seat is not None:
            del self.holders[seat]
            self._seats_changed()
        self.spectators.discard(name)
        self.present.discard(name)
        self._changed()
        self._people_changed()

    def away(self, seat: int) -> bool:
        """Whether ``seat`` has nobody at the table: free, or its player has no terminal
        here now."""
        holder = self.holders.get(seat)
        return holder is None or holder not in self.present

    def hand_to_computer(self, name: str, seat: int) -> None:
        """``name`` hands ``seat`` to the game's computer player (module docstring).

        Raises:
            TableError: the game has no computer player, ``name`` holds no seat here, the
                seat does not exist, is ``name``'s own, or its player is at the table.
        """
        mine = self.seat_of(name)
        if self.rules.computer is None:
            raise TableError(f"{self.rules.name} has no computer player; you may wait")
        if mine is None:
            raise TableError("only a seated player may hand a seat to the computer")
        if not 0 <= seat < len(self.seat_names()):
            raise TableError(f"table {self.code} has no seat {seat + 1}")
        if seat == mine:
            raise TableError("that is your own seat")
        if not self.away(seat):
            raise TableError(f"{self.holders[seat]} is at the table with "
                             f"{self._seat_label(seat)}")
        if seat in self.computer:
            return
        self.computer.add(seat)
        log.info("computer plays code=%s seat=%d by=%s", self.code, seat, name)
        self._seats_changed()
        self._changed()

    def computer_seat(self) -> int | None:
        """The seat the computer should move now, or None (the game is over, or it waits
        for a player)."""
        if not self.computer or self.rules.is_over(self.session.state):
            return None
        seat = self.rules.seat_to_move(self.session.state)
        return seat if seat in self.computer else None

    def computer_move(self) -> dict | None:
        """Play one move of the computer's seat, if it is its move now.

        The game's computer player gets ``view(state, seat)`` and the seat's legal moves,
        never more.

        Returns:
            The recorded event, or None when the computer has nothing to play now.

        Raises:
            RuleError, DiceError, LogError: as :meth:`Session.play` (the move is refused).
        """
        seat = self.computer_seat()
        if seat is None or self.rules.computer is None:
            return None
        legal = [m for m in self.session.moves(seat) if m.id not in UNDO_REDO]
        if not legal:
            return None
        seen = self.rules.view(self.session.state, seat)
        move_id, answers = self.rules.computer(seen, seat, legal)
        move = next((m for m in legal if m.id == move_id), None)
        if move is None:
            raise RuleError(f"the computer chose '{move_id}', which is not a move now")
        event = self._record(move, seat, answers, None)
        self._changed()
        return event

    def _record(self, move: Move, seat: int, answers: Mapping[str, Any] | None,
                typed: Mapping[str, Any] | None) -> dict:
        run = move.run

        def stamped(state: Any, dice: Any, **kw: Any) -> dict:
            return {**run(state, dice, **kw), TABLE_SEAT: seat}

        return self.session.play(dataclasses.replace(move, run=stamped), answers,
                                 typed_as_text(typed))

    def _seats_changed(self) -> None:
        if self.on_seats is not None:
            self.on_seats()
        self._people_changed()

    def _people_changed(self) -> None:
        if self.on_people is not None:
            self.on_people(self)

    def _arrive(self, name: str) -> None:
        self.present.add(name)
        self._changed()
        self._people_changed()

    def _seat_label(self, seat: int) -> str:
        names = self.seat_names()
        return f"seat {seat + 1} ({names[seat]})" if seat < len(names) else f"seat {seat + 1}"

    # -- the game -------------------------------------------------------------------------

    def view(self, name: str) -> Any:
        """What ``name`` may see: ``rules.view(state, their seat)``, or the spectator's view
        (seat None) for anyone without a seat."""
        return self.rules.view(self.session.state, self.seat_of(name))

    def moves(self, name: str) -> list[Move]:
        """The moves ``name`` may make now: their seat's only (none without a seat), with
        undo and redo where the rule of the module docstring allows them."""
        seat = self.seat_of(name)
        if seat is None:
            return []
        out = [m for m in self.session.moves(seat) if m.id not in UNDO_REDO]
        if self.may_undo(seat):
            out.append(Move("undo", "Undo your latest move", made_by_the_table, seat))
        if self.may_redo(seat):
            out.append(Move("redo", "Redo your move, with the same dice", made_by_the_table,
                            seat))
        return out

    def seat_of_event(self, seq: int) -> int | None:
        """The seat that made event ``seq`` at this table, or None (the game's first event,
        an engine event, or a move made before the game came to a table)."""
        if not 1 <= seq <= len(self.session.events):
            return None
        seat = self.session.events[seq - 1].get(TABLE_SEAT)
        return seat if isinstance(seat, int) and not isinstance(seat, bool) else None

    def may_undo(self, seat: int) -> bool:
        """Whether ``seat`` may undo now: the latest move in effect is its own."""
        effective = self.session._effective
        return self.session.can_undo and self.seat_of_event(effective[-1]) == seat

    def may_redo(self, seat: int) -> bool:
        """Whether ``seat`` may redo now: the latest undone move is its own."""
        redo = self.session._redo
        return bool(redo) and self.seat_of_event(redo[-1]) == seat

    def play(self, name: str, move_id: str, answers: Mapping[str, Any] | None = None,
             typed: Mapping[str, Any] | None = None) -> dict:
        """Make a move for ``name``'s seat and tell everyone at the table.

        Args:
            name: the player sending the move.
            move_id: one of :meth:`moves` of that player (``undo`` and ``redo`` too).
            answers: as :meth:`Session.play`.
            typed: dice request name -> faces typed at the player's table, as text or as a
                roll dict (whose faces are checked again here, as text).

        Returns:
            The recorded event.

        Raises:
            TableError: ``name`` has no seat, or the move is not one of their seat's now.
            RuleError, DiceError, LogError: as :meth:`Session.play`.
        """
        seat = self.seat_of(name)
        if seat is None:
            raise TableError(f"you have no seat at table {self.code}; you are watching")
        legal = self.moves(name)
        move = next((m for m in legal if m.id == move_id), None)
        if move is None:
            if move_id in UNDO_REDO:
                raise TableError(f"at a table you may {move_id} only your own latest move, "
                                 "and only before anyone else moves")
            ids = ", ".join(m.id for m in legal) or "none (it is not your turn)"
            raise TableError(f"'{move_id}' is not a move of {self._seat_label(seat)} now; "
                             f"yours are: {ids}")
        if move_id in UNDO_REDO:  # a batch (a group added at once) goes together
            from d6tui.engine.turn_undo import redo_turn, undo_turn

            event = (undo_turn if move_id == "undo" else redo_turn)(
                self.session, lambda _seat: False)[-1]
        else:
            event = self._record(move, seat, answers, typed)
        self._changed()
        return event

    def write_note(self, name: str, text: str, edits: int | None = None,
                   at: dict | None = None) -> dict:
        """A note by ``name``'s seat, as ``Session.write_note``, stamped with the seat so
        that it is undone as that seat's move (the rule of the module docstring); a
        spectator writes nothing in the game's log.

        Returns:
            The recorded event.

        Raises:
            TableError: ``name`` has no seat.
            RuleError, LogError: as :meth:`Session.write_note`.
        """
        seat = self.seat_of(name)
        if seat is None:
            raise TableError(f"you are watching table {self.code}: only a seat writes notes "
                             "in the game's log")
        s = self.session
        payload = s.notebook.payload(text, s.where, edits, s._undone, at)
        event = s._record({**payload, TABLE_SEAT: seat})
        self._changed()
        return event

    def set_table_dice(self, name: str, on: bool) -> dict | None:
        """Whether ``name``'s own seat types its rolls from real dice from now on (a
        ``table_dice`` event; the other seats keep theirs).

        Returns:
            The event, or None when the seat already was so.

        Raises:
            TableError: ``name`` has no seat.
            LogError: the event could not be saved.
        """
        seat = self.seat_of(name)
        if seat is None:
            raise TableError(f"you have no seat at table {self.code}; you are watching")
        s = self.session
        seats = set(range(len(self.seat_names()))) if s.table_all else set(s.table_seats)
        wanted = seats | {seat} if on else seats - {seat}
        if wanted == seats and not s.table_all:
            return None
        event = s.set_table_dice(sorted(wanted))
        self._changed()
        return event

    # -- telling the terminals ------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(table)`` after every change.

        Returns:
            A function that unsubscribes it.
        """
        key = self._next_listener
        self._next_listener += 1
        self._listeners[key] = listener

        def unsubscribe() -> None:
            self._listeners.pop(key, None)

        return unsubscribe

    def _changed(self) -> None:
        for key, listener in list(self._listeners.items()):
            try:
                listener(self)
            except Exception:  # a broken terminal must not stop the others' redraw
                log.exception("table %s: a listener failed; it is dropped", self.code)
                self._listeners.pop(key, None)

    def close(self) -> None:
        """Close the game's log."""
        self.session.close()


def made_by_the_table(state: Any, dice: Any, **kw: Any) -> dict:
    """The run of a move sent to a seat's terminal: only the table makes moves."""
    raise RuleError("this move is made by the table's server, not here")
