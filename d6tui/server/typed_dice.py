"""Typed dice from a seat's terminal, as the table takes them: text only, so that the die of
the move's dice request parses them again (DESIGN "Seats, tables and the SSH server": a
roll sent ready-made over the wire is never trusted, whatever faces or source it claims).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def typed_as_text(typed: Mapping[str, Any] | None) -> dict[str, str] | None:
    """Typed dice from a terminal as text, so the die of the request parses them again (a
    roll dict sent over the wire could claim any faces or source).

    Raises:
        DiceError: a typed roll that holds no list of faces.
    """
    from d6tui.engine.errors import DiceError

    if not typed:
        return None
    out: dict[str, str] = {}
    for name, value in typed.items():
        if isinstance(value, Mapping):
            faces = value.get("faces")
            if not isinstance(faces, list) or not faces:
                raise DiceError(f"the typed dice for {name} hold no faces")
            value = " ".join(str(f) for f in faces)
        if not isinstance(value, str):
            raise DiceError(f"the typed dice for {name} are not text")
        out[str(name)] = value
    return out
