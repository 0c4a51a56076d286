"""Small helpers for the words the games and screens show (pure Python: rules and UI both use
them)."""

from __future__ import annotations


def plural(n: int, one: str, many: str = "") -> str:
    """``"1 die"``, ``"2 dice"``, ``"1 face"``, ``"3 faces"``: a count with its noun.

    Args:
        n: the count.
        one: the singular noun.
        many: the plural noun (default ``one + "s"``).

    Returns:
        The count and the right noun.
    """
    return f"{n} {one if n == 1 else (many or one + 's')}"
