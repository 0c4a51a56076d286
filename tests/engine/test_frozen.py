"""``frozen.evolve`` is ``dataclasses.replace`` without re-running ``__init__``: the same new
object for a plain frozen dataclass, ``replace`` itself for any other."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from d6tui.engine.frozen import evolve


@dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()
    c: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Checked:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("a < 0")


@dataclass(frozen=True)
class Derived:
    a: int
    twice: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "twice", 2 * self.a)


def test_evolve_gives_what_replace_gives() -> None:
    p = Plain(1, (2,), {"x": 1})
    for changes in ({}, {"a": 5}, {"b": (), "c": {}}):
        new = evolve(p, **changes)
        assert new == dataclasses.replace(p, **changes) and new is not p
        assert type(new) is Plain
    assert p == Plain(1, (2,), {"x": 1})  # the old one is unchanged
    assert evolve(p, a=2).c is p.c  # the unchanged parts are shared
    with pytest.raises(dataclasses.FrozenInstanceError):
        evolve(p, a=2).a = 3  # type: ignore[misc]


def test_evolve_refuses_a_name_that_is_not_a_field() -> None:
    with pytest.raises(TypeError, match="no field"):
        evolve(Plain(1), d=1)
    with pytest.raises(TypeError):
        evolve(object())


def test_a_class_with_post_init_goes_through_replace() -> None:
    with pytest.raises(ValueError, match="a < 0"):
        evolve(Checked(1), a=-1)
    assert evolve(Derived(2), a=5).twice == 10
