"""A vLLM version check a world took, and whether a release agrees with it.

Kept apart from the evaluator so the trace can record checks and the judge can filter releases
by them without importing the interpreter.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from analyzers.vllm.releases import VllmVersion

ORDER: dict[str, Callable[[Any, Any], Any]] = {
    "LessThan": operator.lt,
    "LessThanEqual": operator.le,
    "GreaterThan": operator.gt,
    "GreaterThanEqual": operator.ge,
    "Equal": operator.eq,
    "NotEqual": operator.ne,
}
_SHOWN = {"LessThan": "<", "LessThanEqual": "<=", "GreaterThan": ">", "GreaterThanEqual": ">="}
_SHOWN |= {"Equal": "==", "NotEqual": "!="}


@dataclass(frozen=True)
class VersionCheck:
    """One check a world took: `form op literal` answered `held`."""

    form: str  # "text", "parsed", "tuple", "major", "minor" or "micro"
    op: str  # a comparison name (`syntax.COMPARE`): "GreaterThanEqual"
    literal: object
    held: bool

    def allows(self, version: VllmVersion) -> bool:
        return evaluate(self.form, self.op, self.literal, version) == self.held

    def describe(self) -> str:
        literal = self.literal
        shown = ".".join(map(str, literal)) if isinstance(literal, tuple) else str(literal)
        relation = _SHOWN[self.op] if self.held else f"not {_SHOWN[self.op]}"
        return f"vLLM {relation} {shown}"


def allows(checks: Sequence[VersionCheck], version: VllmVersion) -> bool:
    """Whether every check of a world holds at `version` (the judge keeps only those)."""
    return all(check.allows(version) for check in checks)


def _actual(form: str, version: VllmVersion) -> object:
    numbers = (version.major, version.minor, version.patch)
    full = (*numbers, version.extra) if version.extra else numbers
    if form == "text":
        return str(version)
    if form in ("parsed", "tuple"):
        return full
    return {"major": version.major, "minor": version.minor, "micro": version.patch}[form]


def evaluate(form: str, op: str, literal: object, version: VllmVersion) -> bool:
    """`form op literal` at `version` (`__version__` compared as text is compared as text)."""
    actual = _actual(form, version)
    if form == "parsed" and isinstance(literal, tuple):
        width = max(len(literal), 3)
        actual = padded(actual, width)
        literal = padded(literal, width)
    try:
        return bool(ORDER[op](actual, literal))
    except TypeError:
        return False


def padded(value: object, width: int) -> tuple[int, ...]:
    numbers = tuple(value) if isinstance(value, tuple) else ()
    return tuple(int(n) for n in numbers) + (0,) * (width - len(numbers))
