"""How much a branch can matter to the verdict: the order in which undecided branches are tried.

The world search has a budget; spending it on branches that only count parameters or build
tables leaves the branch that serves adapters unexplored. A branch's weight is read from its
syntax alone: it names a request, serve or invalidation (weight 2), it calls code the weight
cannot see into (1), or it is plain computation (0). The weight only orders the search; every
branch is still tried while the budget lasts, and a search cut short says so.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import libcst as cst

from analyzers.files.program import Module
from analyzers.vllm import api

SITES = 2  # a request, serve or invalidation site is written in the branch
CALLS = 1  # the branch calls something (its effect is not known from the syntax)
PLAIN = 0  # only names, operators and literals

_WORDS = re.compile(
    "|".join(
        re.escape(word)
        for word in dict.fromkeys(
            (
                *api.SITE_WORDS,
                *(
                    entry.name
                    for entry in api.ENGINE_METHODS
                    if entry.effect not in (api.Effect.NONE, api.Effect.QUERY)
                ),
            )
        )
    )
)
_CACHE: dict[int, tuple[cst.CSTNode, int]] = {}
_CACHE_LIMIT = 200_000


def weight(module: Module, branches: Iterable[cst.CSTNode | None]) -> int:
    """The highest weight of the given branches (the body and the `else` of a decision)."""
    best = PLAIN
    for branch in branches:
        if branch is not None:
            best = max(best, _weight(module, branch))
            if best == SITES:
                break
    return best


def _weight(module: Module, node: cst.CSTNode) -> int:
    known = _CACHE.get(id(node))
    if known is not None and known[0] is node:
        return known[1]
    text = module.source.module.code_for_node(node)
    found = SITES if _WORDS.search(text) else CALLS if _has_call(node) else PLAIN
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[id(node)] = (node, found)  # the node is kept alive so its id is not reused
    return found


def _has_call(node: cst.CSTNode) -> bool:
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Call | cst.Await | cst.Yield | cst.Import | cst.ImportFrom):
            return True
        stack.extend(current.children)
    return False
