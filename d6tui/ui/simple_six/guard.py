"""A guard for the Simple Six screens' key handlers: a rule or dice refusal that escapes an
action (the rules refuse, and the screen did not foresee it) becomes a notice on screen
instead of ending the app. The rules still refuse first; this only stops the crash."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from d6tui.engine.errors import DiceError, RuleError

F = TypeVar("F", bound=Callable[..., Awaitable[Any]])


def refusals_shown(fn: F) -> F:
    """Wrap an ``async`` action of a screen: a :class:`RuleError` or :class:`DiceError` it
    raises is shown with ``notify`` ("Not allowed") and the action ends (returning None)."""

    @functools.wraps(fn)
    async def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return await fn(self, *args, **kwargs)
        except (RuleError, DiceError) as e:
            self.notify(str(e), title="Not allowed", severity="error", timeout=6, markup=False)
            return None

    return wrapper  # type: ignore[return-value]
