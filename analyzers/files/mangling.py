"""Private names as CPython compiles them: `self.__next_id` written in class `Slots` is
`self._Slots__next_id`, so a subclass's `self.__next_id` is another attribute.

The analysis reads names as written; without this, two classes' private counters were one
attribute and a loop that numbers adapters in one and reads them in the other looked Safe.
The tree is rewritten once, after parsing, the way the compiler would: every identifier that
starts with two underscores and does not end with two, inside a class body (its methods,
lambdas and comprehensions included, a nested class using its own name). Strings are never
mangled (`getattr(self, "__x")` reads `__x`), and neither are keyword arguments of calls.
"""

from __future__ import annotations

import ast


def mangle_private_names(tree: ast.Module) -> None:
    """Rename private identifiers inside classes in place, as `compile` does."""
    _Outside().visit(tree)


class _Outside(ast.NodeVisitor):
    """Code outside every class: nothing is mangled until a class body starts."""

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for child in (*node.decorator_list, *node.bases, *node.keywords):
            self.visit(child)
        _Mangler(node.name).visit_class_body(node)


def mangled(name: str, owner: str) -> str:
    """`__x` in class `_Slots` -> `_Slots__x`; dunders, plain names and classes named only
    with underscores keep the name."""
    stripped = owner.lstrip("_")
    if not name.startswith("__") or name.endswith("__") or "." in name or not stripped:
        return name
    return f"_{stripped}{name}"


class _Mangler(ast.NodeVisitor):
    def __init__(self, owner: str) -> None:
        self.owner = owner

    def visit_class_body(self, node: ast.ClassDef) -> None:
        for statement in node.body:
            self.visit(statement)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        # Its name, bases, keywords and decorators belong to this class's body; its own body
        # is mangled with its own name.
        node.name = mangled(node.name, self.owner)
        for child in (*node.decorator_list, *node.bases, *node.keywords):
            self.visit(child)
        _Mangler(node.name).visit_class_body(node)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        node.name = mangled(node.name, self.owner)
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Name(self, node: ast.Name) -> None:
        node.id = mangled(node.id, self.owner)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        node.attr = mangled(node.attr, self.owner)
        self.visit(node.value)

    def visit_arg(self, node: ast.arg) -> None:
        node.arg = mangled(node.arg, self.owner)
        if node.annotation is not None:
            self.visit(node.annotation)

    def visit_Global(self, node: ast.Global | ast.Nonlocal) -> None:
        node.names = [mangled(name, self.owner) for name in node.names]

    visit_Nonlocal = visit_Global

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        if node.name:
            node.name = mangled(node.name, self.owner)
        self.generic_visit(node)

    def visit_keyword(self, node: ast.keyword) -> None:
        self.visit(node.value)  # `f(__x=1)` passes the keyword `__x` as written
