"""A file as libcst's concrete tree, for code that rewrites it (`lora-audit fix`).

The analysis reads `ast` (`parsing.py`); a rewrite must keep every comment and space of the
lines it does not touch, which only a concrete tree does. The same checks run first: libcst's
native parser overflows the C stack (the process dies) on a few thousand nested brackets, and
its time grows faster than the file.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzers.files.parsing import ParseFailure, checked_tree, limited_text

if TYPE_CHECKING:  # libcst is imported only when a file is really rewritten (it is slow to import)
    import libcst as cst
    from libcst.metadata import CodeRange


@dataclass(frozen=True)
class ConcreteFile:
    """A parsed file: its path, text, libcst tree, and the position of every node."""

    path: str
    text: str
    module: cst.Module
    positions: Mapping[cst.CSTNode, CodeRange]

    def line_of(self, node: cst.CSTNode) -> int:
        where = self.positions.get(node)
        return where.start.line if where is not None else 1

    def code(self, node: cst.CSTNode, limit: int = 80) -> str:
        """The node's source text on one line, shortened for messages."""
        try:
            text = self.module.code_for_node(node)
        except RecursionError:
            return "<expression>"
        text = " ".join(text.split())
        return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_concrete(path: str, data: bytes) -> ConcreteFile:
    """Decode, check, parse and position one file; raises ParseFailure with the reason."""
    text = limited_text(path, data)
    checked_tree(text, path)
    import libcst as cst

    try:
        module = cst.parse_module(text)
    except cst.ParserSyntaxError as exc:
        raise ParseFailure(
            f"syntax error at line {exc.raw_line}: {exc.message}", exc.raw_line
        ) from None
    except RecursionError:
        raise ParseFailure("nesting too deep to analyse") from None
    return ConcreteFile(path=path, text=text, module=module, positions=LazyPositions(module))


class LazyPositions(Mapping["cst.CSTNode", "CodeRange"]):
    """Every node's position, worked out on the first question (then kept): resolving
    positions costs libcst 2-4x the parse itself."""

    def __init__(self, module: cst.Module) -> None:
        self._module: cst.Module | None = module
        self._table: dict[cst.CSTNode, CodeRange] = {}

    def _resolved(self) -> dict[cst.CSTNode, CodeRange]:
        if self._module is not None:
            from libcst.metadata import MetadataWrapper, PositionProvider

            module, self._module = self._module, None
            try:
                wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
                self._table = dict(wrapper.resolve(PositionProvider))
            except RecursionError:  # bounded by DEPTH_LIMIT; then every node reads as line 1
                self._table = {}
        return self._table

    def __getitem__(self, node: cst.CSTNode) -> CodeRange:
        return self._resolved()[node]

    def get(self, node: cst.CSTNode, default: CodeRange | None = None) -> CodeRange | None:  # type: ignore[override]
        return self._resolved().get(node, default)

    def __iter__(self) -> Iterator[cst.CSTNode]:
        return iter(self._resolved())

    def __len__(self) -> int:
        return len(self._resolved())
