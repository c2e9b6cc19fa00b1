"""The repository's own vLLM version checks, tied to the release each world is judged at.

`Version(vllm.__version__) >= Version("0.15.0")` is not an unknown like a CLI flag: it is a fact
about the vLLM release, and the verdict is computed per release. So a world that takes such a
check records it (`VersionCheck`), later checks are answered from the releases still possible,
and the judge keeps only the releases that agree with every check of the world. A pin to 0.26
then never meets the world where the check said "older than 0.15".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from analyzers.interpret import relevance
from analyzers.interpret.trace import VERSION_ANSWER
from analyzers.interpret.values import Const, ListV, Value, VersionV
from analyzers.interpret.version_checks import ORDER, VersionCheck, evaluate, padded
from analyzers.vllm.releases import NEWEST_KNOWN, OLDEST_KNOWN, VllmVersion

if TYPE_CHECKING:
    from analyzers.files.parsing import Loc
    from analyzers.interpret.runtime import Machine

# Names that read the installed vLLM's version, and the functions that parse one.
VERSION_NAMES = {
    "vllm.__version__": "text",
    "vllm.version.__version__": "text",
    "vllm.__version_tuple__": "tuple",
    "vllm.version.__version_tuple__": "tuple",
}
METADATA_CALLS = frozenset({"importlib.metadata.version", "importlib_metadata.version"})
PARSERS = frozenset(
    {
        "packaging.version.Version",
        "packaging.version.parse",
        "pkg_resources.parse_version",
        "distutils.version.LooseVersion",
        "distutils.version.StrictVersion",
        "looseversion.LooseVersion",
    }
)
# Attributes of a parsed version (`packaging.version.Version`).
ATTRIBUTES = {
    "release": "tuple",
    "major": "major",
    "minor": "minor",
    "micro": "micro",
    "base_version": "text",
    "public": "text",
}


def text_fact(name: str, left: Value, right: Value) -> bool | None:
    """What every modelled release's version text answers alike: it is never None, and a
    release string ("0.15.0") holds no letters, so `"dev" in vllm.__version__` is False."""
    installed = [v for v in (left, right) if isinstance(v, VersionV) and v.literal is None]
    if not installed or installed[0].form != "text":
        return None
    other = right if left is installed[0] else left
    if name in ("Is", "IsNot") and isinstance(other, Const) and other.value is None:
        return name == "IsNot"
    if (
        name in ("In", "NotIn")
        and left is other
        and isinstance(other, Const)
        and isinstance(other.value, str)
        and re.search(r"[A-Za-z+]", other.value)
    ):
        return name == "NotIn"
    return None


def parse_literal(text: str) -> tuple[int, ...] | None:
    """`"0.15.0"` -> (0, 15, 0); a pre-release tag (`0.15.0rc1`) is ignored."""
    head = re.match(r"\s*v?(\d+(?:\.\d+)*)", text)
    return tuple(int(n) for n in head.group(1).split(".")) if head else None


def literal_of(form: str, value: Value) -> object | None:
    """The literal a version is compared with, in the form it is compared as."""
    if isinstance(value, VersionV) and value.literal is not None:
        return value.literal
    if isinstance(value, Const):
        if form == "text" and isinstance(value.value, str):
            return value.value
        if form == "parsed" and isinstance(value.value, str):
            return parse_literal(value.value)
        if form in ("major", "minor", "micro") and isinstance(value.value, int):
            return value.value
    if isinstance(value, ListV) and form == "tuple":
        items = [item.value for item in value.items if isinstance(item, Const)]
        if len(items) == len(value.items) and all(isinstance(i, int) for i in items):
            return tuple(items)
    return None


def compare(m: Machine, name: str, left: Value, right: Value, loc: Loc) -> Value | None:
    """A comparison with the installed vLLM's version, decided per world (None: not one)."""
    if name not in ORDER:
        return None
    if isinstance(right, VersionV) and right.literal is None:
        flipped = {"LessThan": "GreaterThan", "GreaterThan": "LessThan"}
        flipped |= {"LessThanEqual": "GreaterThanEqual", "GreaterThanEqual": "LessThanEqual"}
        left, right, name = right, left, flipped.get(name, name)
    if not isinstance(left, VersionV):
        return None
    if left.literal is not None:
        other = literal_of(left.form, right)
        if other is None:
            return None
        return Const(bool(ORDER[name](padded(left.literal, 3), padded(other, 3))))
    literal = literal_of(left.form, right)
    if literal is None:
        return None
    return Const(decide(m, left.form, name, literal, loc))


_PROBES: list[VllmVersion] = sorted(
    {OLDEST_KNOWN}
    | {
        VllmVersion(0, minor, patch)
        for minor in range(OLDEST_KNOWN.minor, NEWEST_KNOWN.minor + 1)
        for patch in range(3)
    }
)


def possible(checks: Sequence[VersionCheck]) -> list[VllmVersion]:
    """The modelled releases that agree with every check a world took."""
    return [v for v in _PROBES if all(check.allows(v) for check in checks)]


@lru_cache(maxsize=4096)
def _answers(
    form: str, op: str, literal: object, checks: tuple[VersionCheck, ...]
) -> frozenset[bool]:
    """What `form op literal` is at each release the checks leave: a check in a helper every
    call goes through (`if vllm_version >= ...`) is asked the same way thousands of times."""
    return frozenset(evaluate(form, op, literal, v) for v in possible(checks))


def decide(m: Machine, form: str, op: str, literal: object, loc: Loc) -> bool:
    """Answer `form op literal` from the releases still possible, forking only when both are."""
    checks = m.trace.version_checks
    try:
        answers = set(_answers(form, op, literal, tuple(checks)))
    except TypeError:  # a literal that cannot be a key: worked out without the memo
        answers = set(_answers.__wrapped__(form, op, literal, tuple(checks)))
    key = f"{VERSION_ANSWER}{form} {op} {literal!r}"
    if len(answers) == 1:
        m.oracle.answered(key)  # settled by the release: code here still depends on it
        return answers.pop()
    default = evaluate(form, op, literal, NEWEST_KNOWN)
    shown = f"the vLLM version check at {loc}"
    choice = m.ask(shown, key, default=default, weight=relevance.SITES)
    check = VersionCheck(form, op, literal, choice)
    if check not in checks:
        checks.append(check)
    return choice


def at_least(m: Machine, version: VllmVersion, loc: Loc) -> bool:
    """Whether this world's vLLM is `version` or newer (a feature check of the analysis)."""
    return decide(m, "parsed", "GreaterThanEqual", tuple(version)[:3], loc)


def describe_checks(checks: Sequence[VersionCheck]) -> str:
    return ", ".join(check.describe() for check in checks)


def attribute(value: VersionV, name: str) -> Value | None:
    """`v.release`, `v.major`, ... of a parsed version."""
    form = ATTRIBUTES.get(name)
    if form is None or value.form not in ("parsed", "text"):
        return None
    if value.literal is not None:
        numbers = padded(value.literal, 3)
        if form == "tuple":
            return ListV([Const(n) for n in numbers], "tuple")
        if form in ("major", "minor", "micro"):
            return Const(numbers[("major", "minor", "micro").index(form)])
        return Const(".".join(map(str, value.literal)) if isinstance(value.literal, tuple) else "")
    return VersionV(form, desc=f"{value.desc}.{name}")


def parsed(value: Value) -> Value | None:
    """`Version(x)` / `parse(x)`: the installed version parsed, or a literal one."""
    if isinstance(value, VersionV) and value.form == "text" and value.literal is None:
        return VersionV("parsed", desc=f"Version({value.desc})")
    if isinstance(value, Const) and isinstance(value.value, str):
        literal = parse_literal(value.value)
        if literal is not None:
            return VersionV("parsed", literal=literal, desc=repr(value.value))
    return None
