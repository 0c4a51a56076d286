"""The computer's moves outside a screen: whatever makes a person's move without the app
(the command line's ``d6tui play``) lets the computer seats play right after it, as the app
does, so a save never waits for a computer that nobody runs.

A game says which of its seats the computer plays with ``GameDefinition.computer_seats``
(from its own options: the dungeon's ``--vs-computer``, the board game's ``--computers``)
and how it plays them with ``GameDefinition.computer``, which sees only
``view(state, seat)`` (docs/CONTRIBUTING.md "Undo against the computer").
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import RuleError

#: Undo and redo are a person's; the computer never picks them.
UNDO_REDO = ("undo", "redo")

#: The most computer moves one call plays (a game whose computer never hands the turn back
#: is a bug; this bound makes it a clear error instead of a hang).
MOST_MOVES = 500


def computer_seats(rules: Any, state: Any) -> frozenset[int]:
    """The seats the computer plays in this game (empty: none, or the game has no computer
    player)."""
    if rules.computer is None or rules.computer_seats is None:
        return frozenset()
    return frozenset(rules.computer_seats(state))


def computer_to_move(session: Any) -> int | None:
    """The computer seat the game waits for now, or None (a person's move, or over)."""
    rules, state = session.rules, session.state
    if rules.is_over(state):
        return None
    seat = rules.seat_to_move(state)
    return seat if seat is not None and seat in computer_seats(rules, state) else None


def play_computer(session: Any) -> list[dict]:
    """Let the computer seats play until a person is to move or the game is over.

    Each move is the game's computer player's pick among the seat's legal moves (undo and
    redo left out), given ``view(state, seat)`` only; its dice are the session's.

    Returns:
        The recorded events, oldest first (none when a person is to move).

    Raises:
        RuleError: the computer picked a move that is not legal, or it went on past
            :data:`MOST_MOVES` moves.
    """
    rules = session.rules
    done: list[dict] = []
    while (seat := computer_to_move(session)) is not None:
        if len(done) >= MOST_MOVES:
            raise RuleError(f"the computer made {MOST_MOVES} moves without handing the "
                            "turn back; this is a bug in the game's computer player")
        legal = [m for m in session.moves(seat) if m.id not in UNDO_REDO]
        if not legal:
            break
        move_id, answers = rules.computer(rules.view(session.state, seat), seat, legal)
        move = next((m for m in legal if m.id == move_id), None)
        if move is None:
            raise RuleError(f"the computer chose '{move_id}', which is not a move now")
        done.append(session.play(move, answers))
    return done


__all__ = ["computer_seats", "computer_to_move", "play_computer"]
