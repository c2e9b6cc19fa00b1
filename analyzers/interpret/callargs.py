"""The arguments of one call, after evaluation and `*`/`**` expansion."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from analyzers.interpret.values import Value

if TYPE_CHECKING:
    from analyzers.files.parsing import SourceFile


@dataclass
class CallArgs:
    positional: list[Value] = field(default_factory=list)
    keywords: dict[str, Value] = field(default_factory=dict)
    star: Value | None = None  # `*rest` whose items are unknown
    star_star: Value | None = None  # `**kwargs` whose keys are unknown
    # where the call is written (or the loop whose iterable's `__iter__` it is: `generator_loops`)
    call: tuple[SourceFile, ast.expr] | None = None

    def text(self, index: int | None, name: str) -> str | None:
        """The source text of an argument, as written at the call."""
        if self.call is None:
            return None
        from analyzers.interpret.syntax import arguments

        source, node = self.call
        if not isinstance(node, ast.Call):
            return None  # a loop calling its iterable's `__iter__`: no arguments written
        position = 0
        for arg in arguments(node):
            if arg.keyword is not None:
                if arg.keyword == name:
                    return source.code(arg.value, 60)
            elif arg.star:
                return None
            else:
                if position == index:
                    return source.code(arg.value, 60)
                position += 1
        return None

    def get(self, index: int | None, name: str) -> Value | None:
        """The argument by keyword, else by position (None when absent)."""
        if name in self.keywords:
            return self.keywords[name]
        if index is not None and index < len(self.positional):
            return self.positional[index]
        return None

    def values(self) -> list[Value]:
        found = [*self.positional, *self.keywords.values()]
        found += [v for v in (self.star, self.star_star) if v is not None]
        return found
