"""A fast ``dataclasses.replace`` for the frozen dataclasses game states are made of.

:func:`dataclasses.replace` builds its keyword arguments from every field and re-runs
``__init__``: for a state of a dozen fields changed a hundred thousand times in a long fold,
that is a good part of the fold. :func:`evolve` copies the instance dict and sets the changed
fields instead, which gives the same object for a plain dataclass (every field set by
``__init__``, no ``__post_init__``, no slots); any other class goes through ``replace``.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

#: class -> its field names when :func:`evolve` may copy its dict, else None.
_PLAIN: dict[type, frozenset[str] | None] = {}


def _plain_fields(cls: type) -> frozenset[str] | None:
    fields = dataclasses.fields(cls)
    if (hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__
            or not all(f.init for f in fields)
            or len(cls.__dataclass_fields__) != len(fields)):  # an InitVar or ClassVar
        return None
    return frozenset(f.name for f in fields)


def evolve(obj: T, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``, without re-running ``__init__``.

    Args:
        obj: a dataclass instance (frozen or not).
        **changes: the new field values.

    Returns:
        A new object of the same class, with the changed fields set and the rest shared.

    Raises:
        TypeError: a name that is not a field (as ``replace`` raises), or ``obj`` is not a
            dataclass instance.
    """
    cls = type(obj)
    try:
        names = _PLAIN[cls]
    except KeyError:
        names = _PLAIN[cls] = _plain_fields(cls)
    if names is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {sorted(set(changes) - names)}")
    new = object.__new__(cls)
    d = new.__dict__
    d.update(obj.__dict__)
    d.update(changes)
    return new
