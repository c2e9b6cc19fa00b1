"""One rewrite of a module as libcst edits: nodes changed in place, statements inserted before
others, and a line added after the imports. Everything else keeps its exact text and comments."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import libcst as cst

Change = Callable[[cst.CSTNode], cst.CSTNode]


@dataclass
class Edit:
    """The changes of one rewrite, keyed by the original nodes they apply to."""

    changes: dict[cst.CSTNode, Change] = field(default_factory=dict)
    before: dict[cst.CSTNode, list[str]] = field(default_factory=dict)  # statement -> code lines
    after_imports: list[str] = field(default_factory=list)  # module-level statements

    def __bool__(self) -> bool:
        return bool(self.changes or self.before or self.after_imports)

    def apply(self, module: cst.Module) -> cst.Module:
        rewritten = module.visit(_Apply(self))
        assert isinstance(rewritten, cst.Module)
        if self.after_imports:
            rewritten = _add_after_imports(rewritten, self.after_imports)
        return rewritten


def replace_argument_value(new_value: str) -> Change:
    """An `Arg` whose value is `new_value` (its keyword, commas and spacing kept)."""
    expression = cst.parse_expression(new_value)

    def change(node: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(node, cst.Arg)
        return node.with_changes(value=expression)

    return change


def set_keyword(name: str, value: str) -> Change:
    """A call with `name=value`: the existing keyword's value replaced, or a new last argument
    laid out like the arguments before it (one per line stays one per line)."""
    expression = cst.parse_expression(value)

    def change(node: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(node, cst.Call)
        args = list(node.args)
        for index, arg in enumerate(args):
            if arg.keyword is not None and arg.keyword.value == name:
                args[index] = arg.with_changes(value=expression)
                return node.with_changes(args=args)
        new = cst.Arg(
            value=expression,
            keyword=cst.Name(name),
            equal=cst.AssignEqual(
                whitespace_before=cst.SimpleWhitespace(""),
                whitespace_after=cst.SimpleWhitespace(""),
            ),
        )
        if not args:
            return node.with_changes(args=[new])
        last = args[-1]
        separator = _separator(args)
        new = new.with_changes(comma=last.comma, whitespace_after_arg=last.whitespace_after_arg)
        args[-1] = last.with_changes(
            comma=cst.Comma(whitespace_after=separator),
            whitespace_after_arg=cst.SimpleWhitespace(""),
        )
        return node.with_changes(args=[*args, new])

    return change


def _separator(args: Sequence[cst.Arg]) -> cst.BaseParenthesizableWhitespace:
    """The whitespace after the commas between the call's arguments (a newline and indent when
    they are one per line), or one space."""
    for arg in reversed(args[:-1]):
        if isinstance(arg.comma, cst.Comma):
            return arg.comma.whitespace_after
    last = args[-1]
    if isinstance(last.comma, cst.Comma) and isinstance(
        last.comma.whitespace_after, cst.ParenthesizedWhitespace
    ):
        return last.comma.whitespace_after
    return cst.SimpleWhitespace(" ")


class _Apply(cst.CSTTransformer):
    def __init__(self, edit: Edit) -> None:
        super().__init__()
        self.edit = edit

    def on_leave(  # type: ignore[override]
        self, original_node: cst.CSTNode, updated_node: cst.CSTNode
    ) -> cst.CSTNode | cst.FlattenSentinel[cst.CSTNode]:
        change = self.edit.changes.get(original_node)
        node = change(updated_node) if change is not None else updated_node
        inserted = self.edit.before.get(original_node)
        if not inserted:
            return node
        if isinstance(original_node, cst.BaseSmallStatement):
            small: list[cst.CSTNode] = [_small_statement(code) for code in inserted]
            return cst.FlattenSentinel([*small, node])
        lines: list[cst.CSTNode] = [cst.parse_statement(code) for code in inserted]
        if isinstance(node, cst.SimpleStatementLine | cst.BaseCompoundStatement):
            # Comments above the statement now head the inserted lines too.
            first = lines[0]
            assert isinstance(first, cst.SimpleStatementLine)
            lines[0] = first.with_changes(leading_lines=node.leading_lines)
            node = node.with_changes(leading_lines=[])
        return cst.FlattenSentinel([*lines, node])


def _small_statement(code: str) -> cst.BaseSmallStatement:
    line = cst.parse_statement(code)
    assert isinstance(line, cst.SimpleStatementLine)
    return line.body[0]


def _is_prologue(statement: cst.BaseStatement) -> bool:
    """A docstring or an import at the top of a module."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    return all(
        isinstance(small, cst.Import | cst.ImportFrom)
        or (isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString))
        for small in statement.body
    )


def import_end(module: cst.Module) -> int:
    """The index of the first module statement after the docstring and the top imports."""
    index = 0
    while index < len(module.body) and _is_prologue(module.body[index]):
        index += 1
    return index


def _add_after_imports(module: cst.Module, code: list[str]) -> cst.Module:
    index = import_end(module)
    added = [cst.parse_statement(line) for line in code]
    if index > 0:
        added[0] = added[0].with_changes(leading_lines=[cst.EmptyLine()])
    body = list(module.body)
    if index < len(body) and not body[index].leading_lines and index > 0:
        body[index] = body[index].with_changes(leading_lines=[cst.EmptyLine()])
    return module.with_changes(body=[*body[:index], *added, *body[index:]])
