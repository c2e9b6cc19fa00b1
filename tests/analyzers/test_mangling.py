"""Private names are renamed as CPython compiles them (checked against `compile` itself)."""

from __future__ import annotations

import ast
import textwrap

from analyzers.files.mangling import mangle_private_names

SOURCE = textwrap.dedent(
    """
    class _Slots:
        __count = 3

        def __init__(self, __start=1):
            self.__next = __start
            record(__key=self.__next, name=self.__name__)
            label = getattr(self, "__next", None)

            class Inner:
                def read(self):
                    return self.__hidden

        def __step(self):
            return lambda __x: __x


    def outside(thing):
        return thing.__next


    class ___:
        def keep(self):
            return self.__next
    """
)


def _names(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
        elif isinstance(node, ast.keyword) and node.arg:
            found.add(f"keyword {node.arg}")
        elif isinstance(node, ast.FunctionDef):
            found.add(f"def {node.name}")
    return found


def _compiled_names(source: str) -> set[str]:
    """Every name CPython's code objects hold for the source."""
    found: set[str] = set()
    pending = [compile(source, "<probe>", "exec")]
    while pending:
        code = pending.pop()
        found.update(code.co_names, code.co_varnames, {code.co_name})
        pending.extend(const for const in code.co_consts if hasattr(const, "co_names"))
    return found


def test_private_names_are_renamed_as_python_compiles_them() -> None:
    tree = ast.parse(SOURCE)
    mangle_private_names(tree)
    names = _names(tree)
    assert {"_Slots__count", "_Slots__next", "_Slots__start", "_Inner__hidden"} <= names
    assert {"def _Slots__step", "_Slots__x", "def __init__", "__name__"} <= names
    assert "keyword __key" in names  # a call's keyword is passed as written
    assert "__next" in names  # outside every class, and in a class named only with underscores
    assert not {"__count", "__start", "__hidden", "__x"} & names
    compiled = _compiled_names(SOURCE)
    mangled = {name for name in names if not name.startswith(("def ", "keyword "))}
    private = {name for name in mangled if "__" in name.strip("_")}
    assert private <= compiled
