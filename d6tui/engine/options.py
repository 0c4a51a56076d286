"""A game's options schema: typed fields with ranges, choices and defaults, from which the
new-game form, the CLI flags of ``d6tui new <slug>`` and validation are all made; the seed is
one field every game shares (:data:`SEED_FIELD`). Re-exported by :mod:`d6tui.engine.game`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.engine.text import control_problem


@dataclass(frozen=True)
class OptionField:
    """One setup choice of a game: the new-game form, ``d6tui new`` flags and the check are
    all made from these.

    Attributes:
        name: the key in the options dict (``players``); the flag is ``--players``.
        label: a few words for the form ("Players").
        kind: ``"int"``, ``"str"``, ``"bool"``, ``"choice"`` or ``"names"`` (a comma-separated
            list of names).
        default: the value when nothing is given (None: required unless ``optional``).
        help: one line of help (form tooltip, ``--help``).
        min: least value (int) or fewest names (names) or shortest text (str).
        max: most value (int), most names (names), longest text or name (str, names).
        choices: ``(value, label)`` pairs for ``choice``.
        optional: may be left out (no default is filled in).
    """

    name: str
    label: str
    kind: str = "str"
    default: Any = None
    help: str = ""
    min: int | None = None
    max: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    optional: bool = False
    #: The most characters of one name (``names``); ``max`` is then the most names.
    name_max: int | None = None

    def parse(self, text: str) -> Any:
        """Read a typed value (a CLI flag, a form field) into the option's type.

        Raises:
            RuleError: the text is not a value of this field, with the field's label (its
                ``field`` is this field's name).
        """
        try:
            return self._parse(text)
        except RuleError as e:
            e.field = e.field or self.name
            raise

    def _parse(self, text: str) -> Any:
        text = text.strip()
        if self.kind == "int":
            try:
                value: Any = int(text)
            except ValueError:
                raise RuleError(f"{self.label}: '{text}' is not a whole number") from None
        elif self.kind == "bool":
            low = text.lower()
            if low not in ("yes", "no", "true", "false", "on", "off", "1", "0"):
                raise RuleError(f"{self.label}: say yes or no, not '{text}'")
            value = low in ("yes", "true", "on", "1")
        elif self.kind == "names":
            value = [n.strip() for n in text.replace(";", ",").split(",")]
            if len(value) > 1 and not value[-1]:
                value.pop()
        else:
            value = text
        return self.check(value)

    def check(self, value: Any) -> Any:
        """The value checked against the field's type and range.

        Raises:
            RuleError: out of range, not one of the choices, or of the wrong type.
        """
        lo, hi = self.min, self.max
        if self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise RuleError(f"{self.label} must be a whole number")
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise RuleError(f"{self.label} runs from {lo} to {hi}, not {value}")
        elif self.kind == "bool":
            if not isinstance(value, bool):
                raise RuleError(f"{self.label} is yes or no")
        elif self.kind == "choice":
            values = [v for v, _ in self.choices]
            if value not in values:
                raise RuleError(f"{self.label} is one of {', '.join(values)}, not {value!r}")
        elif self.kind == "names":
            if not isinstance(value, list | tuple) or not all(isinstance(n, str) for n in value):
                raise RuleError(f"{self.label}: list the names, separated by commas")
            value = [n.strip() for n in value]
            if (lo is not None and len(value) < lo) or (hi is not None and len(value) > hi):
                raise RuleError(f"{self.label}: from {lo} to {hi} names, not {len(value)}")
            for n in value:
                if not n:
                    raise RuleError(f"{self.label}: every name must be filled in")
                problem = control_problem(f"{self.label}: a name", n)
                if problem:
                    raise RuleError(problem)
                if self.name_max is not None and len(n) > self.name_max:
                    raise RuleError(f"{self.label}: a name has at most {self.name_max} "
                                    f"characters; {n!r} has {len(n)}")
        else:
            if not isinstance(value, str):
                raise RuleError(f"{self.label} must be text")
            problem = control_problem(self.label, value)
            if problem:
                raise RuleError(problem)
            if hi is not None and len(value) > hi:
                raise RuleError(f"{self.label} has at most {hi} characters")
            if lo is not None and len(value) < lo:
                raise RuleError(f"{self.label} needs at least {lo} characters")
        return value


#: The seed field every game has; the engine adds it, so no game declares it.
SEED_FIELD = OptionField(
    "seed", "a seed", "int", None, "seed the app's dice (reproducible games, tests)",
    min=0, max=2**63 - 1, optional=True)


def check_schema(fields: Sequence[OptionField], options: Mapping[str, Any]) -> dict:
    """Fill defaults and check each value of ``options`` against its field.

    Keys with no field are kept as given (a game's own ``check_options`` then judges them).

    Raises:
        RuleError: a required option is missing, or a value is out of its field's range.
    """
    out = dict(options)
    for f in (*fields, SEED_FIELD):
        if out.get(f.name) is None:
            out.pop(f.name, None)
            if f.default is not None:
                out[f.name] = f.default
            elif not f.optional:
                raise RuleError(f"{f.label} is needed (--{f.name.replace('_', '-')})",
                                field=f.name)
            continue
        try:
            out[f.name] = f.check(out[f.name])
        except RuleError as e:
            e.field = e.field or f.name
            raise
    return out
