"""Python source built at run time (`exec`, `compile`, templates written to `.py` files).

The analysis never runs such code. It follows the text far enough to see whether it builds or
serves adapter requests (a request keyword spliced in by `re.sub`, a template naming
`LoRARequest(`); if it does, the requests exist but cannot be followed, and the run records a
serve it cannot see, so the file's row says Indeterminate and names the generated source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.objects import FileV
from analyzers.interpret.trace import OpaqueServe
from analyzers.interpret.values import Concat, Const, Obj, Value, describe
from analyzers.vllm import api

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine

# Code-shaped mentions of a request site inside a string (not a bare word in a message).
_CODE_SITE = re.compile(
    "|".join(
        [
            *(rf"\b{re.escape(name)}\s*\(" for name in api.REQUEST_CLASS_NAMES),
            rf"\b{re.escape(api.REQUEST_KEYWORD)}\s*=",
            *(rf"\.{re.escape(name)}\s*\(" for name in api.CACHE_METHOD_NAMES),
        ]
    )
)
_SOURCE_OF = frozenset({"inspect.getsource", "inspect.getsourcelines", "dill.source.getsource"})
_TEXT_PASS = frozenset({"textwrap.dedent", "textwrap.indent", "str", "inspect.cleandoc"})
_SUBSTITUTE = frozenset({"re.sub", "re.subn", "regex.sub"})
_RUN = frozenset({"exec", "eval", "compile", "builtins.exec", "builtins.eval", "builtins.compile"})


@dataclass(eq=False)
class SourceTextV(Obj):
    """Python source text made at run time; `sites` when it builds or serves requests."""

    desc: str
    sites: bool
    loc: Loc


def _mentions(value: Value | None) -> bool:
    if isinstance(value, SourceTextV):
        return value.sites
    if isinstance(value, Const) and isinstance(value.value, str):
        return bool(_CODE_SITE.search(value.value))
    if isinstance(value, Concat):
        return any(_mentions(part) for part in value.parts)
    return False


def _source_like(value: Value | None) -> bool:
    return isinstance(value, SourceTextV) or _mentions(value)


def call(m: Machine, qual: str, args: CallArgs, loc: Loc) -> Value | None:
    first = args.positional[0] if args.positional else None
    if qual in _SOURCE_OF and first is not None:
        return SourceTextV(f"the source of {describe(first)}", False, loc)
    if qual in _TEXT_PASS and isinstance(first, SourceTextV):
        return first
    if qual in _SUBSTITUTE and len(args.positional) >= 3:
        replacement, text = args.positional[1], args.positional[2]
        if _source_like(text) or _mentions(replacement):
            base = text.desc if isinstance(text, SourceTextV) else "a string of Python source"
            return SourceTextV(
                f"{base} rewritten by {qual}", _mentions(text) or _mentions(replacement), loc
            )
        return None
    if qual in _RUN and first is not None:
        return run(m, qual.removeprefix("builtins."), first, loc)
    return None


def method(m: Machine, receiver: Value, name: str, args: CallArgs, loc: Loc) -> Value | None:
    if isinstance(receiver, SourceTextV):
        if name in ("replace", "format", "strip", "rstrip", "lstrip", "join", "encode"):
            sites = receiver.sites or any(_mentions(value) for value in args.values())
            return SourceTextV(receiver.desc, sites, receiver.loc)
        return None
    if (
        isinstance(receiver, FileV)
        and name in ("write", "writelines")
        and args.positional
        and _mentions(args.positional[0])
    ):
        _unseen_requests(m, f"Python source written to {describe(receiver.path)}", loc)
        return Const(None)
    if (
        isinstance(receiver, Const)
        and isinstance(receiver.value, str)
        and name == "replace"
        and any(_mentions(value) for value in args.values())
    ):
        return SourceTextV("a template string", True, loc)
    return None


def run(m: Machine, how: str, code: Value, loc: Loc) -> Value:
    """`exec(source)` / `compile(source)`: never run; its requests, if any, are unseen."""
    if how == "compile":
        return (
            code
            if isinstance(code, SourceTextV)
            else SourceTextV("a string of Python source", _mentions(code), loc)
        )
    if _mentions(code):
        what = code.desc if isinstance(code, SourceTextV) else "a string of Python source"
        _unseen_requests(m, f"{what}, run by {how}()", loc)
    return m.opaque(f"the result of {how}()", loc)


def _unseen_requests(m: Machine, what: str, loc: Loc) -> None:
    m.covered.add((loc.path, loc.line, loc.column))
    m.trace.facts.append(OpaqueServe(f"built in generated source ({what})", loc))
