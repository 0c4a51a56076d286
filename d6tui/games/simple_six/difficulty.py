"""Target numbers of Simple Six by name: the difficulty levels, the number d6tui uses
for each, and the level a total reaches ("General (non-combat) Challenges").
"""

from __future__ import annotations

from d6tui.engine.errors import RuleError

#: "General (non-combat) Challenges": name, lowest and highest target number of each level.
#: The open-ended top level has no highest number.
DIFFICULTIES: tuple[tuple[str, int, int | None], ...] = (
    ("Very Easy", 2, 5),
    ("Easy", 6, 10),
    ("Moderate", 11, 15),
    ("Difficult", 16, 20),
    ("Very Difficult", 21, 30),
    ("Heroic", 31, None),
)


def difficulty_tn(name: str) -> int:
    """The target number d6tui uses for a named difficulty: the top of its range.

    The SRD pairs "Moderate" with 15 ("Wound Level Effects"), the top of the Moderate range,
    so each level uses the top of its range; Heroic, open-ended, uses its lowest number, 31.

    Args:
        name: a difficulty from :data:`DIFFICULTIES` (case does not matter).

    Returns:
        Its target number.

    Raises:
        RuleError: no such difficulty.
    """
    for level, low, high in DIFFICULTIES:
        if level.lower() == name.strip().lower():
            return high if high is not None else low
    names = ", ".join(d[0] for d in DIFFICULTIES)
    raise RuleError(
        f"there is no difficulty '{name}'; they are {names}", "General (non-combat) Challenges"
    )


def difficulty_of(target: int) -> str:
    """The difficulty level whose range holds a target number (below 2 counts as Very Easy).

    Args:
        target: a target number.

    Returns:
        The level's name ("General (non-combat) Challenges").
    """
    for level, _low, high in DIFFICULTIES:
        if high is None or target <= high:
            return level
    return DIFFICULTIES[-1][0]  # pragma: no cover - the last level is open-ended


def level_reached(total: int) -> str | None:
    """The highest difficulty level a roll's total reaches (the "level of success").

    Args:
        total: a roll's total.

    Returns:
        The name of the level whose range holds the total, or None below Very Easy's 2.
    """
    reached = None
    for level, low, _high in DIFFICULTIES:
        if total >= low:
            reached = level
    return reached
