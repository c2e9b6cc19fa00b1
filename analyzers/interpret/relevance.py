"""How much a branch can matter to the verdict: the order in which undecided branches are tried.

The world search has a budget; spending it on branches that only count parameters or build
tables leaves the branch that serves adapters unexplored. A branch's weight is read from its
syntax alone: it names a request, serve or invalidation (weight 2), it calls code the weight
cannot see into (1), or it is plain computation (0). The weight only orders the search; every
branch is still tried while the budget lasts, and a search cut short says so.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TypeVar

from analyzers.interpret.syntax import code_words, node_memo, statement_blocks
from analyzers.vllm import api

SITES = 2  # a request, serve or invalidation site is written in the branch
CALLS = 1  # the branch calls something (its effect is not known from the syntax)
PLAIN = 0  # only names, operators and literals

_WORDS = re.compile(
    "|".join(
        (
            api.SITE_HINT.pattern,
            *(
                re.escape(entry.name)
                for entry in api.ENGINE_METHODS
                if entry.effect not in (api.Effect.NONE, api.Effect.QUERY)
            ),
        )
    )
)
Branch = ast.AST | Sequence[ast.stmt]
T = TypeVar("T")


def rest_after(tree: ast.Module, node: ast.stmt) -> list[ast.stmt] | None:
    """The statements after `node` in its block, when `node` is an `if` with no `else` whose
    body may leave that block (`continue`, `break`, `return`, `raise`, even inside a `try`):
    they run on the other side for sure, and on the body's side only when it does not leave.
    (`if cached: try: ...; continue` before a serve: the serve is what the body may skip.)
    Read once per statement: an `if` inside a loop or a helper is met again and again."""
    if not isinstance(node, ast.If) or node.orelse:
        return None

    def read() -> list[ast.stmt] | None:
        found = statement_blocks(tree).get(id(node)) if _may_leave(node.body) else None
        if found is None:
            return None
        body, index = found
        return list(body[index + 1 :]) or None

    return node_memo(node, "rest_after", read)


def _may_leave(body: Sequence[ast.stmt]) -> bool:
    stack: list[ast.AST] = list(body)
    while stack:
        current = stack.pop()
        if isinstance(current, ast.Return | ast.Raise | ast.Continue | ast.Break):
            return True
        if isinstance(current, _NESTED):
            continue  # a function's return, or an inner loop's continue, leaves only that
        stack.extend(ast.iter_child_nodes(current))
    return False


_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.For, ast.While)


# Calls that only report (`print(...)`, `logger.info(...)`).
_REPORTS = frozenset({"print", "pprint"})
_LOGGERS = frozenset({"logging", "logger", "log", "LOGGER", "LOG", "_logger"})
_LOG_LEVELS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical"})
_EFFECTS = (ast.Call, ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr, ast.Lambda)


def inert(branches: Iterable[Branch | None]) -> bool:
    """Whether every side only reports (`if out.finished: print(out.text)`) or is empty: which
    side runs changes nothing a request depends on, so it is no decision of the run's."""
    return all(
        not branch or _branch_memo(branch, "inert", partial(_inert, branch)) for branch in branches
    )


def _inert(branch: Branch) -> bool:
    statements = [branch] if isinstance(branch, ast.AST) else list(branch)
    for statement in statements:
        if isinstance(statement, ast.Pass):
            continue
        if not isinstance(statement, ast.Expr):
            return False
        value = statement.value
        if isinstance(value, ast.Constant):
            continue
        if not (isinstance(value, ast.Call) and _reports(value)):
            return False
        if any(
            isinstance(node, _EFFECTS)
            for part in (*value.args, *value.keywords)
            for node in ast.walk(part)
        ):
            return False
    return True


def _reports(call: ast.Call) -> bool:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id in _REPORTS
    return (
        isinstance(func, ast.Attribute)
        and func.attr in _LOG_LEVELS
        and isinstance(func.value, ast.Name)
        and func.value.id in _LOGGERS
    )


def weight(branches: Iterable[Branch | None]) -> int:
    """The highest weight of the given branches (the body and the `else` of a decision)."""
    best = PLAIN
    for branch in branches:
        if branch:
            best = max(best, _weight(branch))
            if best == SITES:
                break
    return best


def _weight(branch: Branch) -> int:
    def read() -> int:
        text = code_words(branch if isinstance(branch, ast.AST) else list(branch))
        return SITES if _WORDS.search(text) else CALLS if _has_call(branch) else PLAIN

    return _branch_memo(branch, "weight", read)


def _branch_memo(branch: Branch, name: str, read: Callable[[], T]) -> T:
    """`read()` kept on the branch: a block (a list of statements, never empty) by its first
    statement and its length, since two blocks that start at one statement and are as long
    are one."""
    if isinstance(branch, ast.AST):
        return node_memo(branch, name, read)
    return node_memo(branch[0], f"block_{name}:{len(branch)}", read)


_CALLING = (ast.Call, ast.Await, ast.Yield, ast.YieldFrom, ast.Import, ast.ImportFrom)


def _has_call(branch: Branch) -> bool:
    stack: list[ast.AST] = [branch] if isinstance(branch, ast.AST) else list(branch)
    while stack:
        current = stack.pop()
        if isinstance(current, _CALLING):
            return True
        stack.extend(ast.iter_child_nodes(current))
    return False
