"""Modules a program replaces in `sys.modules` (a test's fake vLLM): its imports get the stand-in.

CPU test suites put a fake in place of vLLM before importing it (`sys.modules["vllm"] =
MagicMock()`, `monkeypatch.setitem(sys.modules, "vllm", fake)`, `sys.modules.update(...)`).
Python's import returns whatever `sys.modules` holds, so an engine built from it is that fake:
positive evidence that no vLLM serves the requests (No-realized-run), never a stale serve.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.objects import MockV
from analyzers.interpret.values import NONE, Const, DictV, Ext, Value

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine

_SYS_MODULES = "sys.modules"


def is_sys_modules(value: Value | None) -> bool:
    return isinstance(value, Ext) and value.qual == _SYS_MODULES


def replace(m: Machine, name: Value | None, value: Value | None) -> None:
    """`sys.modules[name] = value`: later imports of `name` get `value`. A name only known at
    run time replaces nothing the analysis can tell."""
    if value is not None and isinstance(name, Const) and isinstance(name.value, str):
        m.stand_ins[name.value] = value


def call(m: Machine, qual: str, args: CallArgs, loc: Loc) -> Value | None:
    """`sys.modules.setdefault(name, fake)`, `sys.modules.update({name: fake})`."""
    if not qual.startswith(_SYS_MODULES + "."):
        return None
    method = qual[len(_SYS_MODULES) + 1 :]
    if method in ("__setitem__", "setdefault"):
        name, value = args.get(0, "key"), args.get(1, "default")
        if method == "setdefault" and isinstance(name, Const) and name.value in m.stand_ins:
            return m.stand_ins[str(name.value)]
        replace(m, name, value)
        return value if value is not None else NONE
    if method == "update":
        for mapping in args.positional[:1]:
            if isinstance(mapping, DictV):
                for key, value in zip(mapping.keys, mapping.values, strict=False):
                    replace(m, key, value)
        for key_name, value in args.keywords.items():
            replace(m, Const(key_name), value)
        return NONE
    return None


def method(m: Machine, receiver: Value, name: str, args: CallArgs, loc: Loc) -> Value | None:
    """pytest's `monkeypatch.setitem(sys.modules, name, fake)` (on any receiver: the fixture
    object is not modelled, the `sys.modules` argument is what tells)."""
    if name == "setitem" and is_sys_modules(args.get(0, "dic")):
        replace(m, args.get(1, "name"), args.get(2, "value"))
        return NONE
    return None


def lookup(m: Machine, name: str) -> Value | None:
    """What `import name` gets when a stand-in replaced it (or replaced a package above it with
    a mock, whose every attribute is a mock); None when the import is the usual one."""
    if not m.stand_ins:
        return None
    found = m.stand_ins.get(name)
    if found is not None:
        return found
    parts = name.split(".")
    for end in range(len(parts) - 1, 0, -1):
        if isinstance(m.stand_ins.get(".".join(parts[:end])), MockV):
            return MockV(name)
    return None
