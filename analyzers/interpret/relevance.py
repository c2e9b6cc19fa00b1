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
from collections.abc import Iterable, Sequence

from analyzers.interpret.syntax import code_words, node_memo
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
    # A block (a list of statements) is kept by the first of them and its length: a block is
    # never empty, and two blocks that start at one statement and are as long are one.
    anchor = branch if isinstance(branch, ast.AST) else branch[0]

    def read() -> int:
        text = code_words(branch if isinstance(branch, ast.AST) else list(branch))
        return SITES if _WORDS.search(text) else CALLS if _has_call(branch) else PLAIN

    key = "weight" if isinstance(branch, ast.AST) else f"block_weight:{len(branch)}"
    return node_memo(anchor, key, read)


_CALLING = (ast.Call, ast.Await, ast.Yield, ast.YieldFrom, ast.Import, ast.ImportFrom)


def _has_call(branch: Branch) -> bool:
    stack: list[ast.AST] = [branch] if isinstance(branch, ast.AST) else list(branch)
    while stack:
        current = stack.pop()
        if isinstance(current, _CALLING):
            return True
        stack.extend(ast.iter_child_nodes(current))
    return False
