"""`if not hasattr(server, "_ids"): server._ids = {}`: code that creates an attribute it finds
missing, on an object handed in from code the analysis cannot see (a caller's engine, an
instance of a class with an outside base).

Whether the object holds the attribute already is not known, but only code that creates it
can have put it there: this code on an earlier call, which the analysis runs itself (library
mode calls each entry again on the same objects), or other code with the same purpose. So the
first world asks nothing: the attribute is missing until the run sets it, and the row says it
assumed so. A world where it is there with contents nobody can see would make every value read
from it unknown (a map of ids kept on the server) for no reason the code gives."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from analyzers.interpret.builtins_model import has_attribute
from analyzers.interpret.syntax import dotted, node_memo
from analyzers.interpret.values import Const, InstV, Sym, Value

if TYPE_CHECKING:
    from analyzers.interpret.machine import Machine
    from analyzers.interpret.scope import Scope


def known_missing(m: Machine, node: ast.If, scope: Scope) -> Value | None:
    """The test's value where it asks for an attribute its own branch creates on an object
    whose attributes are unseen (None: evaluate the test as any other)."""
    idiom = node_memo(node, "lazy_init", lambda: _idiom(node))
    if idiom is None:
        return None
    owner_node, name, negated = idiom
    owner = m.eval(owner_node, scope)
    if not isinstance(owner, Sym | InstV) or has_attribute(m, owner, name) is not None:
        return None
    m.trace.assume(
        f"{ast.unparse(owner_node)} has no {name} before the code at "
        f"{m.loc(scope.module, node.test)} creates it"
    )
    return Const(negated)


def _idiom(node: ast.If) -> tuple[ast.expr, str, bool] | None:
    """(the object, the attribute, whether the test is negated) of `if not hasattr(o, "n"):
    ... o.n = ...` or `if hasattr(o, "n"): ... else: o.n = ...`."""
    test = node.test
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    call = test.operand if isinstance(test, ast.UnaryOp) and negated else test
    if not (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id == "hasattr"
        and len(call.args) == 2
        and not call.keywords
    ):
        return None
    owner, key = call.args
    if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
        return None
    name = key.value
    wanted = dotted(owner)  # a name or a chain of attributes: reading it again has no effect
    if name.startswith("__") or not wanted or wanted.startswith("."):
        return None
    creating = node.body if negated else node.orelse
    if not any(_creates(statement, wanted, name) for statement in creating):
        return None
    return owner, name, negated


def _creates(statement: ast.stmt, owner: str, name: str) -> bool:
    """`owner.name = ...` or `setattr(owner, "name", ...)`, `owner` as `dotted` writes it."""
    if isinstance(statement, ast.Assign | ast.AnnAssign):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        return any(
            isinstance(target, ast.Attribute)
            and target.attr == name
            and dotted(target.value) == owner
            for target in targets
        )
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        call = statement.value
        return (
            dotted(call.func) == "setattr"
            and len(call.args) == 3
            and dotted(call.args[0]) == owner
            and isinstance(call.args[1], ast.Constant)
            and call.args[1].value == name
        )
    return False
