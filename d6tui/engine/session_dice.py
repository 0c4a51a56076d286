"""The session's dice: fair under undo, and a seeded stream that survives a reopen.

Two promises (DESIGN "The log", README "Nothing is lost"):

- **Undo never buys a re-roll.** Dice that were seen stay on the table: when an event is
  undone, the dice the app rolled for it go back "on the table" (:attr:`SessionDice.seen`),
  and the same roll of the same move (the same event type by the same one, the same roll
  name in it, the same kind: ``6 shooter``, ``2d6``, a draw from the same pile) takes those
  faces instead of new ones; a die taken by another roll is given back and that roll made
  afresh (:meth:`SessionDice.misplaced`). The event that reuses them says so with
  ``dice_again = N`` (how many of its rolls were seen before), which the log view reads
  out and a reload uses to rebuild the table exactly.
- **A seeded game continues its stream.** Fresh dice for the event that will get ``seq`` N
  come from a stream fixed by ``(seed, N)``, so reopening a seeded save goes on where it
  stopped, and a retried move (one a rule refused) gets the same dice. A game with no seed
  uses a secret made when the session opens, kept in memory only: the save holds no secret
  ahead of its time.

Dice passed in explicitly (tests and bots hand the session a ``Dice(seed)``) are used as one
stream for fresh rolls, as before.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from d6tui.engine.dice import CustomDie, Dice, DiceError

#: The event key that counts the rolls taken from the dice left on the table by an undo.
AGAIN_KEY = "dice_again"
#: What the log, ``d6tui play`` and every export add to a move that took dice left on the
#: table by an undo (README "Undo never buys a re-roll").
AGAIN_WORDS = " (the same dice as before the undo)"
#: The event key that counts, of those rolls, the ones typed at the table again with other
#: faces (an undo fixes a mis-key: the table's dice are the truth).
RETYPED_KEY = "dice_retyped"
#: What the log says instead when every roll taken again was typed anew.
RETYPED_WORDS = " (typed anew after the undo)"


def again_words(event: Mapping[str, Any]) -> str:
    """:data:`AGAIN_WORDS` when ``event`` took dice left on the table by an undo
    (:data:`RETYPED_WORDS` when every one of them was typed anew with other faces), else "".
    A game whose export describes events itself (not through ``Session.history``) adds it
    after its own words, so no record drops it."""
    again = event.get(AGAIN_KEY)
    if type(again) is not int or again <= 0:
        return ""
    retyped = event.get(RETYPED_KEY)
    return RETYPED_WORDS if type(retyped) is int and retyped >= again else AGAIN_WORDS


_NDS = re.compile(r"^(\d+)d(\d+)")

#: The event keys that say who makes a move (a seat, a character): dice an undo left on the
#: table go to the same move of the same one only, so an undone roll is not another's to
#: use up (leaving the first a fresh roll: a re-roll bought by a throwaway move).
ROLLER_KEYS = ("by", "who", "attacker", "seat")


def move_key(event: Mapping[str, Any]) -> str:
    """Which move an event is, for the dice on the table: its type and who makes it
    (:data:`ROLLER_KEYS`), e.g. ``"rolled|who=orc-warrior"``."""
    who = "".join(f"|{k}={event[k]}" for k in ROLLER_KEYS if k in event)
    return f"{event.get('type', '')}{who}"

Primitive = tuple[str, list]

#: A die left on the table: ``(kind, faces, name of its roll)`` (:func:`named_primitives`).
Seen = tuple[str, list, str]

#: Both kinds of roll: the app's and those typed from the table.
BOTH = ("app", "table")


def primitives(event: Mapping[str, Any], sources: tuple[str, ...] = ("app",)
               ) -> list[Primitive]:
    """The dice of an event, as ``(kind, faces)`` in rolling order: those the app rolled, or
    with ``sources`` also those typed from the table (``("app", "table")``).

    A roll is any dict in the event with a ``faces`` list and one of those ``source``s.
    ``kind`` is ``"3d6"``, ``"6 shooter"`` or ``"draw game"``; a D6 System roll (``wild``
    chain, Simple Six "Dice Basics") is its ordinary dice, then each die of its wild chain and
    of its character-point chains.
    """
    return [(kind, faces) for kind, faces, _name in named_primitives(event, sources)]


def named_primitives(event: Mapping[str, Any], sources: tuple[str, ...] = ("app",)
                     ) -> list[tuple[str, list, str]]:
    """As :func:`primitives`, each with the name of the roll it belongs to: the keys that
    lead to it in the event, joined by dots (``"attack"``, ``"counter.damage"``,
    ``"initiative.roll"``; list positions are left out), so a seen die is matched to the
    same roll of the same move, not to any roll of as many dice."""
    out: list[tuple[str, list, str]] = []
    for name, roll in rolls_of(event, sources):
        if not roll["faces"]:  # a total typed at the table: no die to leave on the table
            continue
        if "wild" in roll and isinstance(roll.get("wild"), list):
            faces = roll["faces"]
            if faces:
                out.append((f"{len(faces)}d6", list(faces), name))
            chains = [roll["wild"], *(roll.get("cp_wild") or [])]
            out.extend(("1d6", [f], name) for chain in chains for f in chain)
            continue
        dice = roll.get("dice")
        if not isinstance(dice, str):
            continue
        m = _NDS.match(dice)
        kind = f"{len(roll['faces'])}d{m.group(2)}" if m else dice
        out.append((kind, list(roll["faces"]), name))
    return out


def rolls_of(value: Any, sources: tuple[str, ...], path: str = "") -> Iterator[tuple[str, dict]]:
    """Each roll in ``value`` (an event, or part of one): a dict with a ``faces`` list and
    one of ``sources``, as ``(name, a copy of the roll)``, the name as
    :func:`named_primitives` gives it (``path`` is the name so far)."""
    if isinstance(value, Mapping):
        if isinstance(value.get("faces"), list) and value.get("source") in sources:
            yield path, dict(value)
            return
        for k, v in value.items():
            yield from rolls_of(v, sources, f"{path}.{k}" if path else str(k))
    elif isinstance(value, list | tuple):
        for v in value:
            yield from rolls_of(v, sources, path)


class SessionDice(Dice):
    """The dice a session hands its commands (see the module docstring).

    Args:
        seed: the game's seed from its options, or None.
        next_seq: tells the ``seq`` the next event will get.
        stream: explicit dice for fresh rolls (tests, bots); None uses per-event streams.
    """

    def __init__(self, seed: int | None, next_seq: Callable[[], int],
                 stream: Dice | None = None) -> None:
        super().__init__(seed)
        self._next_seq = next_seq
        self._stream = stream
        self._secret = seed if seed is not None else secrets.randbits(63)
        self._for: int | None = None
        #: Dice left on the table by undos: ``[target_seq, [(kind, faces, name), ...],
        #: event_type, source]`` (``app`` or ``table``: typed dice make an entry of their
        #: own), newest last.
        self.seen: list[list[Any]] = []
        #: Taken from :attr:`seen` by the move being made, not yet recorded, with the type
        #: of the event they were seen in.
        self._taken: list[tuple[int, Seen, str]] = []
        #: Of :attr:`_taken`, the typed rolls typed again with other faces.
        self.retyped = 0
        #: Seen dice the move being made may not take (:meth:`misplaced`): ``(target, kind,
        #: faces, name)``; cleared when the move is recorded or given up.
        self._barred: set[tuple[int, str, tuple, str]] = set()

    # -- positioning ----------------------------------------------------------------------

    def _source(self) -> random.Random:
        seq = self._next_seq()
        if self._for != seq:
            self._rng = random.Random(f"{self._secret}:{seq}")
            self._for = seq
        return self._rng

    def rewind(self, *, keep_barred: bool = False) -> None:
        """Forget the move in progress: its seen dice go back on the table and a retry of
        the same event rolls the same fresh dice (called when a move is refused; with
        ``keep_barred``, when it is made again without the dice :meth:`bar` named)."""
        if not keep_barred:
            self._barred.clear()
        for target, prim, etype in reversed(self._taken):
            for entry in self.seen:
                if entry[0] == target:
                    entry[1].insert(0, prim)
                    break
            else:
                self.seen.append([target, [prim], etype, "app"])
        self._taken.clear()
        self.retyped = 0
        self._for = None

    def misplaced(self, event: Mapping[str, Any]) -> set[tuple[int, str, tuple, str]]:
        """The seen dice the move just made took for another roll than theirs: a die seen in
        one event type's roll ``name`` belongs to the same roll of the same move only (an
        undone attack's faces are not the damage's). Empty when every one fits.

        Returns:
            Keys for :meth:`bar`.
        """
        if not self._taken:  # nothing seen was taken: nothing to misplace (no walk)
            return set()
        placed = named_primitives(event, ("app",))
        used = [False] * len(placed)
        wrong = set()
        for target, (kind, faces, name), etype in self._taken:
            at = next((i for i, (k, f, _n) in enumerate(placed)
                       if not used[i] and k == kind and f == faces), None)
            if at is None:
                continue
            used[at] = True
            if (etype and etype != move_key(event)) or name != placed[at][2]:
                wrong.add((target, kind, tuple(faces), name))
        return wrong

    def bar(self, keys: set[tuple[int, str, tuple, str]]) -> None:
        """Keep the seen dice ``keys`` (:meth:`misplaced`) from the move being made again."""
        self._barred |= keys

    def again_keys(self) -> dict[str, int]:
        """The keys the move being made gets for the dice it took off the table:
        ``dice_again`` (how many rolls) and ``dice_retyped`` (how many of those were typed
        anew with other faces), each only when not 0."""
        keys = {AGAIN_KEY: len(self._taken), RETYPED_KEY: self.retyped}
        return {key: n for key, n in keys.items() if n}

    def committed(self) -> int:
        """The move was recorded: how many seen rolls it took (for ``dice_again``)."""
        n = len(self._taken)
        self._taken.clear()
        self.retyped = 0
        self._barred.clear()
        self.seen = [e for e in self.seen if e[1]]
        self._for = None
        return n

    # -- the table ------------------------------------------------------------------------

    def put_back(self, target: int, event: Mapping[str, Any]) -> None:
        """An event was undone: its dice stay on the table, ahead of older ones (typed table
        dice too: they were seen, so an app roll of the same kind takes them)."""
        for source in BOTH:
            prims = named_primitives(event, (source,))
            if prims:
                self.seen.append([target, prims, move_key(event), source])

    def pick_up(self, target: int) -> None:
        """An undone event was redone: its dice are in use again."""
        self.seen = [e for e in self.seen if e[0] != target]

    def replay_taken(self, event: Mapping[str, Any]) -> None:
        """At load: an event took ``dice_again`` seen rolls; take them off the table again."""
        n = event.get(AGAIN_KEY)
        if not isinstance(n, int) or n <= 0:
            return
        for kind, faces in primitives(event, BOTH):
            if n == 0:
                break
            if self._take(kind, lambda f, want=faces: f == want) is not None:
                n -= 1
        self.committed()

    def _take(self, kind: str, fits: Callable[[list], bool]) -> list | None:
        for entry in reversed(self.seen):
            for i, (k, faces, name) in enumerate(entry[1]):
                if k == kind and fits(faces) and (
                        entry[0], k, tuple(faces), name) not in self._barred:
                    del entry[1][i]
                    self._taken.append((entry[0], (k, faces, name), entry[2]))
                    return list(faces)
        return None

    def typed_over_seen(self, event: Mapping[str, Any]) -> str | None:
        """Check the typed table dice of ``event`` against the dice an undo left on the table.

        For the same move as one an undo took back (the same event type), the app's dice of a
        kind still on the table must be typed as they lie (typed otherwise, it would be a
        re-roll); dice typed before may be typed again differently, since an undo fixes a
        mis-key and the table's dice are the truth. Either way they are taken off the table
        (and counted in ``dice_again``). Another move may type its own dice.

        Returns:
            Why the event may not be recorded, or None.
        """
        if not self.seen:  # no die left on the table by an undo: nothing to check
            return None
        for kind, faces, name in named_primitives(event, ("table",)):
            for entry in reversed(self.seen):
                if entry[2] != move_key(event):
                    continue
                # the same roll of the same move: its kind and its name in the event
                at = next((i for i, (k, _f, n) in enumerate(entry[1])
                           if k == kind and n == name), None)
                if at is None:
                    continue
                seen = entry[1][at][1]
                if entry[3] == "table" or seen == faces:
                    self._taken.append((entry[0], entry[1].pop(at), entry[2]))
                    self.retyped += seen != faces
                    break
                shown = " ".join(str(f) for f in seen)
                return (f"the dice of the undone move are still on the table ({kind}: "
                        f"{shown}): type them as they lie, or let d6tui roll "
                        "(undo never buys a re-roll)")
        return None

    # -- rolling --------------------------------------------------------------------------

    def roll(self, count: int, sides: int = 6) -> dict:
        """As :meth:`Dice.roll`, seen dice first."""
        faces = self._take(f"{count}d{sides}", lambda f: True)
        if faces is None and self._stream is not None:
            faces = list(self._stream.roll(count, sides)["faces"])
        if faces is None:
            rng = self._source()
            faces = [rng.randint(1, sides) for _ in range(count)]
        return {"dice": f"{count}d{sides}", "faces": faces, "source": "app"}

    def roll_custom(self, die: CustomDie, count: int) -> dict:
        """As :meth:`Dice.roll_custom`, seen dice first."""
        faces = self._take(f"{count} {die.name}", lambda f: True)
        if faces is None and self._stream is not None:
            faces = list(self._stream.roll_custom(die, count)["faces"])
        if faces is None:
            rng = self._source()
            faces = [rng.choice(die.faces) for _ in range(count)]
        return {"dice": f"{count} {die.name}", "faces": faces, "source": "app"}

    def draw(self, pile: str, cards: Sequence[str], count: int = 1) -> dict:
        """As :meth:`Dice.draw`; a card seen before an undo is drawn again while it is still
        in the pile."""
        pool = sorted(cards)
        if not 1 <= count <= len(pool):
            raise DiceError(f"cannot draw {count} from a pile of {len(pool)}")
        have = set(pool)
        faces = self._take(f"draw {pile}", lambda f: len(f) == count and set(f) <= have)
        if faces is None and self._stream is not None:
            faces = list(self._stream.draw(pile, pool, count)["faces"])
        if faces is None:
            faces = self._source().sample(pool, count)
        return {"dice": f"draw {pile}", "faces": faces, "source": "app"}

    def shuffle(self, items: Sequence[str]) -> list[str]:
        """As :meth:`Dice.shuffle`, from this event's stream."""
        if self._stream is not None:
            return self._stream.shuffle(items)
        out = list(items)
        self._source().shuffle(out)
        return out

    def choice(self, items: Sequence[str]) -> str:
        """As :meth:`Dice.choice`, from this event's stream."""
        if self._stream is not None:
            return self._stream.choice(items)
        return self._source().choice(list(items))
