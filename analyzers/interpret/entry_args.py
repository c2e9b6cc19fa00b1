"""What an unseen caller may pass to an entry point: its declared defaults are one candidate.

A function run on its own (a library method, a CLI command) is called by code the analysis does
not see. `def run(self, checkpoints=None)` is not always called with None, and a class-level
`channel = None` is not still None once `connect()` has run. So each entry call is run in two
worlds: one with the declared defaults (and the state `__init__` leaves), one where every
defaulted parameter, and every attribute another method assigns, is an unknown input that later
tests (`if checkpoints is None:`) fork on.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from analyzers.interpret import relevance, relevant
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.syntax import FUNCTIONS, Function, node_memo, parameters
from analyzers.interpret.values import ClassV, Const, FuncV, InstV, Value

if TYPE_CHECKING:
    from analyzers.files.parsing import Loc
    from analyzers.interpret.runtime import Machine


def _declared(m: Machine, what: str) -> bool:
    """One world per entry takes what is declared; the other takes unknown inputs."""
    shown = f"whether a caller keeps the defaults of {what}"
    return m.ask(shown, f"entry-defaults:{what}", default=True, weight=relevance.SITES)


def arguments(m: Machine, func: Value, loc: Loc) -> CallArgs:
    """The arguments of one entry call: none (the defaults), or an unknown value for each."""
    if not isinstance(func, FuncV) or (
        not func.defaults and parameters(func.node).star_star is None
    ):
        return CallArgs()
    if _declared(m, f"{func.name}()"):
        return CallArgs()
    args = CallArgs()
    call = f" (call {m.call + 1})" if m.call else ""
    for name in func.defaults:
        key = f"entry:{func.name}.{name}#{m.call}"
        args.keywords[name] = m.fixed(key, f"{name}{call}", loc)
    star = parameters(func.node).star_star
    if star is not None:
        args.star_star = m.opaque(f"{star}{call}", loc)  # what a caller passes
    return args


def unpassed(m: Machine, func: FuncV, name: str, serial: int, loc: Loc) -> Value:
    """A parameter nobody passed (an entry point, a CLI command, a route's body): unknown,
    fixed for the call (`serial`), and named by the call it belongs to in reasons."""
    desc = name if m.call == 0 else f"{name} (call {m.call + 1})"
    return m.fixed(f"param:{func.name}.{name}#{serial}", desc, loc)


def instance(m: Machine, cls: ClassV, loc: Loc) -> Value:
    """An instance as an unseen caller holds it: built, maybe after other methods have run."""
    init = m.get_attribute(cls, "__init__", loc)
    args = arguments(m, init, loc) if isinstance(init, FuncV) else CallArgs()
    built = m.call_value(cls, args, loc)
    if isinstance(built, InstV):
        _unsettle(m, built, loc)
    return built


def _unsettle(m: Machine, inst: InstV, loc: Loc) -> None:
    """Attributes other methods assign are unknown in the second world (`connect()` ran)."""
    names = [
        name
        for name in dict.fromkeys(_assigned_elsewhere(m, inst.cls))
        if isinstance(_current(inst, name), Const)
    ]
    if not names or _declared(m, f"{inst.cls.name}'s attributes ({', '.join(names)})"):
        return
    for name in names:
        key = f"entry-attr:{inst.cls.name}.{name}"
        inst.attrs[name] = m.fixed(key, f"self.{name}", loc)


def _current(inst: InstV, name: str) -> Value | None:
    if name in inst.attrs:
        return inst.attrs[name]
    for cls in _classes(inst.cls):
        if name in cls.attrs:
            return cls.attrs[name]
    return None


def _classes(cls: ClassV) -> Iterator[ClassV]:
    yield cls
    for base in cls.bases:
        if isinstance(base, ClassV):
            yield from _classes(base)


def _assigned_elsewhere(m: Machine, cls: ClassV) -> Iterator[str]:
    """`self.NAME = ...` in a method other than `__init__`, of the class or its bases."""
    for owner in _classes(cls):
        for value in owner.attrs.values():
            if not isinstance(value, FuncV) or value.name == "__init__":
                continue
            node = value.node
            if isinstance(node, FUNCTIONS) and parameters(node).positional:
                relevant.touch(m.loader, value.module.source, node)  # its body is read
                yield from _self_stores(node)


def _self_stores(node: Function) -> tuple[str, ...]:
    """The attributes a method assigns on its first parameter, read once per method (every
    world and entry asks again, and walking a method's tree costs far more than the answer)."""
    return node_memo(node, "self_stores", lambda: _read_self_stores(node))


def _read_self_stores(node: Function) -> tuple[str, ...]:
    receiver = parameters(node).positional[0].name
    found: list[str] = []
    stack: list[ast.AST] = list(reversed(node.body))
    while stack:
        current = stack.pop()
        if isinstance(current, ast.FunctionDef | ast.AsyncFunctionDef):
            continue  # a nested function's `self` is another name
        if isinstance(current, ast.Assign):
            for target in current.targets:
                found += _stored(target, receiver)
        elif isinstance(current, ast.AnnAssign | ast.AugAssign):
            found += _stored(current.target, receiver)
        if isinstance(current, ast.stmt):  # expressions hold no assignment statement
            stack.extend(reversed([*_statements(current)]))
    return tuple(found)


def _statements(node: ast.stmt) -> list[ast.AST]:
    """The statements (and handlers, cases) directly inside a compound statement, in order."""
    found: list[ast.AST] = []
    for name in ("body", "handlers", "cases", "orelse", "finalbody"):
        for item in getattr(node, name, ()) or ():
            if isinstance(item, ast.ExceptHandler | ast.match_case):
                found.extend(item.body)
            else:
                found.append(item)
    return found


def _stored(target: ast.expr, receiver: str) -> list[str]:
    if (
        isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == receiver
    ):
        return [target.attr]
    if isinstance(target, ast.Tuple | ast.List):
        return [name for element in target.elts for name in _stored(element, receiver)]
    if isinstance(target, ast.Starred):
        return _stored(target.value, receiver)
    return []
