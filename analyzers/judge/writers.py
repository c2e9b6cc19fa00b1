"""Training loops that hand a driver the folder they save weights into, found from syntax alone.

A module with no request of its own is analysed when it names a driver and a function of it
saves weights into a folder and gives that folder to another call (`policy.save_pretrained(
cfg.sync_dir)`, then `generator.pairs(prompts, cfg.sync_dir)`): a trainer's step, which a
script elsewhere drives, rewriting one folder that the driver loads under a fixed id. Those
functions are run as unseen callers use them (`entries.py`). A module that only saves (a
checkpoint) is not worth an analysis: this is decided here without the interpreter, for the
discovery of candidates (`audit._find_dispatchers`) as much as for the entries.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable, Collection

from analyzers.files.source import WEIGHT_WRITERS
from analyzers.interpret.syntax import FUNCTIONS, Function, code_words
from analyzers.vllm import api


def writer_functions(
    tree: ast.Module, elsewhere: Collection[str] = frozenset()
) -> list[tuple[str, ...]]:
    """The top-level functions and methods of top-level classes of a module with no request
    site and no `__main__` block that hand over a folder they save weights into, to a call
    that may reach a driver: not a builtin (`str(folder)`), nor a name bound by an import
    that cannot reach one (`elsewhere`, `references.imports_elsewhere`)."""
    return siteless_functions(tree, lambda node: hands_over_what_it_saves(node, elsewhere))


def siteless_functions(
    tree: ast.Module, wanted: Callable[[Function], bool]
) -> list[tuple[str, ...]]:
    """The top-level functions and methods of top-level classes that are `wanted`, in a
    module with no request site and no `__main__` block (nothing in it runs them)."""
    words = code_words(tree)
    if api.SITE_HINT.search(words) or "__main__" in words.splitlines():
        return []
    found: list[tuple[str, ...]] = []
    for statement in tree.body:
        members = statement.body if isinstance(statement, ast.ClassDef) else [statement]
        owner = (statement.name,) if isinstance(statement, ast.ClassDef) else ()
        for item in members:
            if isinstance(item, FUNCTIONS) and wanted(item):
                found.append((*owner, item.name))
    return found


def hands_over_what_it_saves(node: Function, elsewhere: Collection[str] = frozenset()) -> bool:
    """Whether a call in `node` that may reach a driver is given a folder the function saves
    weights into (`elsewhere`: see `writer_functions`)."""
    if not WEIGHT_WRITERS & set(code_words(node).splitlines()):
        return False
    calls = [item for item in ast.walk(node) if isinstance(item, ast.Call)]
    saves = [call for call in calls if _saves(call)]
    saved = {ast.dump(call.args[0]) for call in saves if call.args}
    cannot_reach = _BUILTINS.union(elsewhere)
    return any(
        ast.dump(argument) in saved
        for call in calls
        if call not in saves and _root(call.func) not in cannot_reach
        for argument in [*call.args, *(keyword.value for keyword in call.keywords)]
    )


_BUILTINS = frozenset(dir(builtins))


def _root(node: ast.expr) -> str | None:
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def _saves(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Attribute) and call.func.attr in WEIGHT_WRITERS
