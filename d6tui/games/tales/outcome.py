"""What a roll comes to, in a few words: the dice as they count ("3+3 = 6") and what they
decided ("a fight with the Goblin", "nothing happens"), for the step bar and for the
Hobbit's cookie, which is offered only when it changes the outcome and says what the roll
would become (R03).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from d6tui.engine.errors import RuleError
from d6tui.games.tales import island, play
from d6tui.games.tales.booklet import TITLES
from d6tui.games.tales.describe import LABELS
from d6tui.games.tales.legal import Action, cookie_choices, held_action
from d6tui.games.tales.payloads import Roll
from d6tui.games.tales.state import evolve

#: Rolls whose two dice are read one by one, never summed: a square's column then row
#: (R02), a new square's road then terrain (J02).
READ_APART = {"roll:square": ("column", "row"), "roll:reveal": ("road", "terrain")}
#: News lines that say how the dice were made, not what they decided.
_HOW = ("the cookie turns", "the Meeple re-rolls")


def counted_faces(event: dict) -> list[int]:
    """The faces an event's roll counts with: the Meeple's second roll if one was made
    (J08), with the Hobbit's cookie applied (R03). [] for an event without dice.

    Args:
        event: a stored event or payload.
    """
    roll = event.get("roll")
    if not isinstance(roll, dict):
        return []
    got = [int(f) for f in roll.get("faces", [])]
    cookie = event.get("cookie")
    if cookie is not None and 0 <= int(cookie[0]) < len(got):
        k = int(cookie[0])
        got[k] = min(6, max(1, got[k] + int(cookie[1])))
    return got


def dice_words(what: str, faces: Sequence[int]) -> str:
    """The dice in words: "3+3 = 6", "4", or for a roll read die by die "column 5, row 3".

    Args:
        what: the roll's task ("roll:terrain"...) or "" for a fight's or a shop's roll.
        faces: the faces as they count.
    """
    if not faces:
        return ""
    apart = READ_APART.get(what)
    if apart and len(faces) == 2:
        return f"{apart[0]} {faces[0]}, {apart[1]} {faces[1]}"
    if len(faces) == 1:
        return str(faces[0])
    if len(faces) == 4:  # the Hobbit's two treasure rolls (E03)
        return f"{faces[0]}+{faces[1]} and {faces[2]}+{faces[3]}"
    return f"{'+'.join(map(str, faces))} = {sum(faces)}"


def result_words(news: Sequence[str], most: int = 2) -> str:
    """What a roll decided, from the news of the event: the first lines that say what
    happened (not how the dice were made), a fight's numbers left out.

    Args:
        news: the tale's news after the event.
        most: how many lines to keep.
    """
    out = []
    for line in news:
        if line.startswith(_HOW):
            continue
        if line.startswith("a fight with") and " (" in line:
            line = line.split(" (")[0]
        out.append(line)
        if len(out) == most:
            break
    return "; ".join(out) or "nothing changes"


#: What a random square is rolled for (R02), when no event code names it.
_SQUARE_FOR = {"castle": "the castle's square (J02)", "village": "a new village's square (E08)",
               "quest": "the quest's place (E14)", "teleport": "where the hero lands",
               "E12": "where the witch's hut stands (E12)"}


def pending_words(state: object) -> str:
    """What a roll led to when it wrote no news but left a task: "Pyramid Dungeon (E16),
    its square to roll", "the quest's place: III-5"; "" when nothing waits.

    Args:
        state: the tale after the roll.
    """
    top = getattr(state, "top", None)
    if top is None:
        return ""
    what = top.kind.removeprefix("roll:")
    if top.kind == "roll:square":
        code = str(top.arg)
        if code in TITLES:
            return f"{TITLES[code]} ({code}), its square to roll"
        return f"{_SQUARE_FOR.get(code, 'a square')} to roll"
    if top.kind == "roll:e14":
        return f"the quest's place: {island.name(top.n)}"
    if top.kind.startswith(("roll:", "choose:")) and what in LABELS:
        return f"next: {LABELS[what]}"
    return ""


def total_words(what: str, faces: Sequence[int]) -> str:
    """The number a roll is read as: its sum, or its dice when they are read apart."""
    if what in READ_APART or len(faces) == 4:
        return dice_words(what, faces)
    return str(sum(faces))


@dataclass(frozen=True)
class CookieOffer:
    """One move of the Hobbit's cookie that changes what a roll does (R03).

    Attributes:
        die: the die's index (0-based).
        delta: +1 or -1.
        face: the die as rolled.
        before: what the roll does as rolled ("7: a fight with the Goblin").
        after: what it does with the cookie ("8: nothing happens").
    """

    die: int
    delta: int
    face: int
    before: str
    after: str

    @property
    def words(self) -> str:
        """"die 1 3→4: 7: a fight → 8: nothing happens"."""
        return (f"die {self.die + 1} {self.face}→{self.face + self.delta}: "
                f"{self.before} → {self.after}")


def roll_result(state: object, action: Action, roll: Roll,
                cookie: tuple[int, int] | None = None) -> str:
    """What ``action`` with ``roll`` (and the cookie, if given) would do, in words:
    "7: a fight with the Goblin".

    Args:
        state: the tale before the roll.
        action: the rolling command, its arguments and keyword arguments.
        roll: the dice as rolled.
        cookie: (die index, +1 or -1), or None.

    Raises:
        RuleError: the roll breaks a rule.
    """
    fn, args, kwargs = action
    event = fn(state, *args, roll=roll, cookie=cookie, **kwargs)
    after = play.apply(state, event)  # type: ignore[arg-type]
    what = str(event.get("what", ""))
    faces = counted_faces(event)
    words = result_words(after.news)
    if words == "nothing changes":
        words = pending_words(after) or words
    if what.startswith("roll:") and not words[:1].isdigit():
        return f"{total_words(what, faces)}: {words}"
    return words


def cookie_offers(state: object, action: Action, roll: Roll) -> list[CookieOffer]:
    """The cookie's moves that change what ``roll`` does for ``action``, each with what the
    roll does before and after (R03); [] without a Cookie or when no move matters.

    Args:
        state: the tale before the roll.
        action: the rolling command, its arguments and keyword arguments.
        roll: the dice as rolled.
    """
    moves = cookie_choices(state, action, roll)  # type: ignore[arg-type]
    if not moves:
        return []
    try:
        before = roll_result(state, action, roll)
    except RuleError:
        return []
    out = []
    faces = roll["faces"]
    for k, delta in moves:
        after = roll_result(state, action, roll, (k, delta))
        out.append(CookieOffer(k, delta, int(faces[k]), before, after))
    return out


def last_roll_words(event: dict, news: Sequence[str]) -> str:
    """The step bar's words for an event's roll: "3+3 = 6: a fight with the Goblin".

    Args:
        event: the latest event (with ``roll``).
        news: the tale's news after it.
    """
    faces = counted_faces(event)
    if not faces:
        return ""
    what = str(event.get("what", ""))
    return f"{dice_words(what, faces)}: {result_words(news, most=3)}"


def held_words(state: object) -> str:
    """What the held roll does if kept as it is ("7: a fight with the Goblin"); "" without
    held dice or when it cannot be read."""
    from_state = getattr(state, "held", None)
    if from_state is None:
        return ""
    base = evolve(state, held=None)  # type: ignore[type-var]
    try:
        return roll_result(base, held_action(from_state.kind), from_state.counted)
    except RuleError:
        return ""


def held_cookie_offers(state: object) -> list[CookieOffer]:
    """The cookie's moves that change what the held roll does, with their words (R03)."""
    held = getattr(state, "held", None)
    if held is None:
        return []
    base = evolve(state, held=None)  # type: ignore[type-var]
    return cookie_offers(base, held_action(held.kind), held.counted)
