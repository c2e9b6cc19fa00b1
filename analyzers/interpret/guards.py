"""Tests of counts that guard what a loop does with adapters (`if step >= 10: save()`).

A loop followed for a few items may never see such a test's answer change; the tests kept here
tell `judge/unrolling.py` to follow it until the answer does. Kept are the tests of an `if` or
of a conditional expression (`save() if step > 10 else None`) whose sides name a save, a
request or a serve, in their own code or in a function or method of the repository they call.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from analyzers.interpret import relevance
from analyzers.interpret.folders import WRITE_METHODS, names_a_write
from analyzers.interpret.scope import Scope
from analyzers.interpret.syntax import code_words, node_memo, statement_blocks, statement_owners
from analyzers.interpret.trace import CountTest, PeriodicTest
from analyzers.interpret.values import ClassV, FuncV, InstV, ModV, Value, class_attribute

if TYPE_CHECKING:
    from analyzers.interpret.machine import Machine


def note(
    m: Machine,
    node: ast.If | ast.IfExp | ast.BoolOp,
    scope: Scope,
    tests: list[PeriodicTest | CountTest],
    *,
    changed: bool,
    leaves: bool = False,
) -> None:
    """Keep the tests of counts that guard what the run does with adapters: the loop must be
    followed until their answer changes (`judge/unrolling.py`). A test guards when its side
    did something here (`if step % 50 == 0:` saving and serving), leaves the block before a
    site, or when either side's code names a save, a request or a serve, taken or not (the
    side it has not reached yet is the point: `if (step + 1) % 100 == 0:`, `if step >= 10:`)."""
    trace = m.trace
    for test in tests:
        if isinstance(test, PeriodicTest):
            if changed or leaves or _guards_sites(node, scope):
                trace.keep_periodic(test)
        elif leaves or _guards_sites(node, scope):
            last = next((t for t in reversed(trace.count_tests) if t.loc == test.loc), None)
            if last != test:  # one entry per change: the same test again in one item adds none
                trace.count_tests.append(test)


_WRITING = frozenset({*WRITE_METHODS, "save_file", "copytree", "save"})


def _guards_sites(node: ast.If | ast.IfExp | ast.BoolOp, scope: Scope) -> bool:
    """Whether a side of the test names a save, a request or a serve, itself or in a function
    of the repository it calls (`if step >= 10: checkpoint(policy)`, `self.checkpoint()`)."""
    sides: list[relevance.Branch]
    block: list[ast.AST]
    if isinstance(node, ast.BoolOp):  # the operands after the first, which it may skip
        block = list(node.values[1:])
        sides = list(block)
    elif isinstance(node, ast.IfExp):
        block = [node.body, node.orelse]
        sides = list(block)
    else:
        sides, block = [node.body, node.orelse], [*node.body, *node.orelse]

    def read() -> bool:
        return _names_work([side for side in sides if side], block)

    if node_memo(node, "guards_sites", read):
        return True
    for name in node_memo(node, "called_names", lambda: _called_names(block)):
        found = scope.lookup(name)
        if found is None:
            found = scope.module_scope.vars.get(name)
        if isinstance(found, FuncV) and _reaches_sites(found):
            return True
    for owner, name in node_memo(node, "called_methods", lambda: _called_methods(block)):
        method = _method_of(scope.lookup(owner), name)
        if method is None:
            # A method the analysis cannot find (`self.trainer.checkpoint()`): its name says
            # whether it may write, as for any call of unseen code.
            if names_a_write(name):
                return True
        elif _reaches_sites(method):
            return True
    return False


def _called_methods(block: list[ast.AST]) -> tuple[tuple[str, str], ...]:
    """The methods a block calls on a name (`self.checkpoint()` as ("self", "checkpoint")) or
    deeper (`self.trainer.checkpoint()` as ("", "checkpoint")), in order, once each."""
    calls_made = [
        (child.func.value.id if isinstance(child.func.value, ast.Name) else "", child.func.attr)
        for statement in block
        for child in ast.walk(statement)
        if isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute)
    ]
    return tuple(dict.fromkeys(calls_made))


def _method_of(owner: Value | None, name: str) -> FuncV | None:
    """The repository's function `owner.name` would run: a method of an instance or a class,
    or a function of a module; None when the analysis cannot tell."""
    found: Value | None = None
    if isinstance(owner, InstV):
        found = owner.attrs.get(name) or class_attribute(owner.cls, name)
    elif isinstance(owner, ClassV):
        found = class_attribute(owner, name)
    elif isinstance(owner, ModV):
        found = owner.scope.vars.get(name) if isinstance(owner.scope, Scope) else None
    return found if isinstance(found, FuncV) and not isinstance(found.node, ast.Lambda) else None


def _names_work(branches: list[relevance.Branch], parts: list[ast.AST]) -> bool:
    """Whether code names a request or a serve (`branches`, weighed as the search weighs
    them) or a weight writer (`parts`, read word by word)."""
    return relevance.weight(branches) == relevance.SITES or any(
        set(code_words(part).split()) & _WRITING for part in parts
    )


def _calls_a_writer(parts: list[ast.AST]) -> bool:
    """Whether code calls a function or method whose name says it writes (`self._save()`)."""
    return any(names_a_write(name) for name in _called_names(parts)) or any(
        names_a_write(name) for _, name in _called_methods(parts)
    )


def _called_names(block: list[ast.AST]) -> tuple[str, ...]:
    """The plain names a block calls (`checkpoint(policy)`), in order, once each."""
    names = [
        child.func.id
        for statement in block
        for child in ast.walk(statement)
        if isinstance(child, ast.Call) and isinstance(child.func, ast.Name)
    ]
    return tuple(dict.fromkeys(names))


def _reaches_sites(func: FuncV) -> bool:
    """Whether a function, or one of its module's functions it names, names a save, a request
    or a serve, or calls a function or method whose name says it writes (`self._save()`), read
    once per function."""
    from analyzers.interpret.unseen import reach  # it calls back into the interpreter

    if isinstance(func.node, ast.Lambda):
        return False

    def read() -> bool:
        return any(_names_work([node], [node]) or _calls_a_writer([node]) for node in reach(func))

    return node_memo(func.node, "reaches_sites", read)


def leaves_before_sites(node: ast.If, scope: Scope) -> bool:
    """`if step % 50: continue` before a serve, or `if step < 20: continue` before a save:
    the test guards the code its body skips by leaving (the rest of its block, and of the
    blocks around it up to where the leaving lands) and the handlers a `raise` in it reaches
    (`try: if step >= 12: raise Stop ... except Stop: save()`)."""
    tree = scope.module.source.tree

    def read() -> bool:
        skipped = [*(relevance.rest_after(tree, node) or ()), *_left_for(tree, node)]
        block: list[ast.AST] = list(skipped)
        return bool(block) and (_names_work([skipped], block) or _calls_a_writer(block))

    return node_memo(node, "leaves_before_sites", read)


_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _left_for(tree: ast.Module, node: ast.If) -> list[ast.stmt]:
    """What a body that leaves skips or reaches beyond its own block: the rest of each block
    around it up to the loop a `continue`/`break` goes to (or the function a `return` leaves),
    and, for a `raise`, the rest up to the nearest `try` around it and that `try`'s handlers."""
    if node.orelse:
        return []
    kinds = _leaving(node.body)
    if not kinds:
        return []
    owners, blocks = statement_owners(tree), statement_blocks(tree)
    found: list[ast.stmt] = []
    raised: list[ast.stmt] = []  # what a raise skips: counted once a `try` catches it
    current: ast.stmt = node
    while id(current) in owners:
        owner, part = owners[id(current)]
        if isinstance(owner, _SCOPES):
            break
        if isinstance(owner, ast.Try | ast.TryStar) and part == "body" and ast.Raise in kinds:
            found += raised
            found += [statement for handler in owner.handlers for statement in handler.body]
            kinds.discard(ast.Raise)  # caught (or over-approximated as caught) here
        if isinstance(owner, _LOOPS) and part == "body":
            kinds -= {ast.Continue, ast.Break}
        if not kinds:
            break
        body, index = blocks[id(owner)]
        (found if kinds - {ast.Raise} else raised).extend(body[index + 1 :])
        current = owner
    return found


def _leaving(body: list[ast.stmt]) -> set[type[ast.stmt]]:
    """The ways a block may leave: `continue`/`break` of its own loop, `return`, `raise`."""
    kinds: set[type[ast.stmt]] = set()
    stack: list[tuple[ast.AST, bool]] = [(statement, False) for statement in body]
    while stack:
        current, in_loop = stack.pop()
        if isinstance(current, ast.Return | ast.Raise) or (
            isinstance(current, ast.Continue | ast.Break) and not in_loop
        ):
            kinds.add(type(current))
        if isinstance(current, (*_SCOPES, ast.Lambda)):
            continue
        inner = in_loop or isinstance(current, _LOOPS)
        stack.extend((child, inner) for child in ast.iter_child_nodes(current))
    return kinds


def effects(m: Machine) -> tuple[int, int, int]:
    """How much the run has done with adapters so far: facts (serves, removals), requests
    built, folders written."""
    return len(m.trace.facts), len(m.trace.requests), len(m.writes)
