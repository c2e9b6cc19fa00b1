"""A raise inside a called function that skips the id drop after it.

`try: score(llm, ckpt) except ValueError: ...` around a helper that serves, parses the answer
(`float(text)`, `json.loads(text)`) and then calls `remove_lora(1)`: when the parse raises,
the drop is skipped and the next checkpoint is served the cached id. The `try` asks whether
its own statements raise (`statements._try`); a statement of a function called inside it is
asked here, when it made a value the analysis cannot see and a drop comes after it in the
function's body: that is the raise that could make a safe answer false. Other raises only
end work whose outcome is already judged, so they are not asked (each question is a world).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

from analyzers.interpret import relevance
from analyzers.interpret.signals import Raised
from analyzers.interpret.syntax import dotted, node_memo
from analyzers.vllm import api

if TYPE_CHECKING:
    from analyzers.files.program import Module
    from analyzers.interpret.machine import Machine

_UNLOAD_WORDS = tuple(route.word for route in api.ROUTES if route.effect is api.Effect.UNLOAD)


def hook(
    m: Machine, module: Module, node: ast.FunctionDef | ast.AsyncFunctionDef
) -> Callable[[ast.stmt, int], None] | None:
    """What runs after each statement of a function's body called inside a `try` of an outer
    frame (`Machine.catching`), or None where there is no such `try`."""
    if not m.catching or m.catching[-1][0] >= len(m.frames):
        return None
    before_drop = node_memo(node, "before-a-drop", lambda: _before_a_drop(node.body))
    if not before_drop:
        return None

    def may_raise(statement: ast.stmt, unseen: int) -> None:
        if not unseen or m.importing or id(statement) not in before_drop:
            return
        _, caught, at = m.catching[-1]
        where = m.loc(module, statement)
        question = f"whether `{where.code}` at {where} raises into the `except` at {at}"
        if m.ask(question, f"raises:{where}", default=False, weight=relevance.SITES):
            m.trace.assume_input(f"`{where.code}` at {where} raising into the `except` at {at}")
            raise Raised(caught, where.line, where)

    return may_raise


def _before_a_drop(body: list[ast.stmt]) -> frozenset[int]:
    """The statements of a body after which a later statement drops an adapter id, other
    than vLLM's own calls (the serve itself is not what fails on an unparsable answer)."""
    found: set[int] = set()
    later = False
    for statement in reversed(body):
        if later and not _calls(statement, api.LORA_METHOD_NAMES):
            found.add(id(statement))
        later = later or _drops(statement)
    return frozenset(found)


def _calls(statement: ast.stmt, names: frozenset[str]) -> bool:
    return any(
        isinstance(node, ast.Call) and (dotted(node.func) or "").rpartition(".")[2] in names
        for node in ast.walk(statement)
    )


def _drops(statement: ast.stmt) -> bool:
    return _calls(statement, api.REMOVE_METHOD_NAMES) or any(
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and any(word in node.value for word in _UNLOAD_WORDS)
        for node in ast.walk(statement)
    )
