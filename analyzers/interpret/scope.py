"""Name scopes of the interpreted program: function locals, closures, module globals."""

from __future__ import annotations

from analyzers.files.program import Module
from analyzers.interpret.values import Value


class Scope:
    """One namespace; lookups go outwards to the enclosing function scopes, then the module."""

    def __init__(self, module: Module, parent: Scope | None = None, *, is_class: bool = False):
        self.module = module
        self.parent = parent
        self.vars: dict[str, Value] = {}
        self.is_class = is_class
        self.global_names: set[str] = set()
        self.nonlocal_names: set[str] = set()
        self.star_imports: list[str] = []
        self.module_scope: Scope = parent.module_scope if parent is not None else self

    def lookup(self, name: str) -> Value | None:
        scope: Scope | None = self
        first = True
        while scope is not None:
            # Class bodies are not enclosing scopes for the functions defined in them.
            if (first or not scope.is_class) and name in scope.vars:
                return scope.vars[name]
            first = False
            scope = scope.parent
        return None

    def assign(self, name: str, value: Value) -> None:
        if name in self.global_names:
            self.module_scope.vars[name] = value
            return
        if name in self.nonlocal_names:
            scope = self.parent
            while scope is not None and scope is not self.module_scope:
                if name in scope.vars:
                    scope.vars[name] = value
                    return
                scope = scope.parent
        self.vars[name] = value

    def delete(self, name: str) -> Value | None:
        target = self.module_scope if name in self.global_names else self
        return target.vars.pop(name, None)
