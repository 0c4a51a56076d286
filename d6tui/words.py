"""Small helpers for the words the games and screens show (pure Python: rules and UI both use
them)."""

from __future__ import annotations


def article(word: str) -> str:
    """``"an alchemy"``, ``"a wild"``, ``"an HP"``: the word with ``a`` or ``an`` by its
    first sound (a vowel letter; and the letter-names of F, H, L, M, N, R, S, X read as
    initials when the word is in capitals).

    Args:
        word: a noun or adjective (may be empty: then just ``"a"``).
    """
    if not word:
        return "a"
    first = word[0]
    initial = len(word) > 1 and word[:2].isupper()
    vowel = first.lower() in "aeiou" if not initial else first in "AEFHILMNORSX"
    return f"{'an' if vowel else 'a'} {word}"


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
