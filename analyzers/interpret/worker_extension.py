"""`LLM(..., worker_extension_cls="sync.ext.Extension")` then `llm.collective_rpc("update", args=
(...))`: vLLM mixes the named class into every worker and calls the method there, where
`self.model_runner` (or the worker's own `add_lora`) is the engine's adapter cache. RL trainers
sync new weights this way (a remove, then an add of new tensors under one id), so the method is
run on the engine it names, not handed to code the analysis cannot see.

One instance per engine: the worker lives as long as the engine, and what one call keeps on it
(a flag, a counter) is what the next call finds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.files.program import Module
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.objects import EngineV
from analyzers.interpret.values import (
    BoundExt,
    ClassV,
    Const,
    DictV,
    FuncV,
    InstV,
    ListV,
    ModV,
    Value,
)
from analyzers.vllm import api

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine

EXTENSION_ARGUMENT = "worker_extension_cls"
RPC_METHOD = "collective_rpc"
# What the extension reaches through the worker it is mixed into: the engine's adapter cache.
_WORKER_PARTS = ("model_runner", "worker", "lora_manager")


def call(m: Machine, engine: EngineV, args: CallArgs, loc: Loc) -> Value | None:
    """`engine.collective_rpc(method, args=..., kwargs=...)` run on the engine's worker; None
    when the method or its class is not the repository's to run."""
    extension = engine.extension
    method = args.get(0, "method")
    if extension is None or not isinstance(method, Const) or not isinstance(method.value, str):
        return None
    worker = engine.worker if isinstance(engine.worker, InstV) else _worker(m, engine, loc)
    if worker is None:
        return None
    func = m.get_attribute(worker, method.value, loc)
    if not isinstance(func, FuncV | BoundExt):
        return None  # a method of the worker itself, not of the extension: unseen code
    positional = _items(args.get(2, "args"))
    keywords = _keywords(args.get(3, "kwargs"))
    if positional is None or keywords is None:
        return None
    m.in_worker += 1  # the worker's cache calls are synchronous, even on an async engine
    try:
        result = m.call_value(func, CallArgs(positional, keywords), loc)
    finally:
        m.in_worker -= 1
    return ListV([result])  # one answer per worker


def _worker(m: Machine, engine: EngineV, loc: Loc) -> InstV | None:
    cls = _extension_class(m, engine.extension, loc)
    if cls is None:
        return None
    worker = InstV(cls, born=m.serial())
    for part in _WORKER_PARTS:
        worker.attrs[part] = engine
    for name in api.CACHE_METHOD_NAMES:
        worker.attrs[name] = BoundExt(engine, name)  # the worker's own `add_lora`, ...
    engine.worker = worker
    return worker


def _extension_class(m: Machine, value: Value | None, loc: Loc) -> ClassV | None:
    if isinstance(value, ClassV):
        return value
    if not isinstance(value, Const) or not isinstance(value.value, str):
        return None
    module_name, _, class_name = value.value.rpartition(".")
    importer = m.frames[-1].func.module if m.frames else _module_at(m, loc)
    if not module_name or importer is None:
        return None
    module = m.import_module(module_name, importer)
    if not isinstance(module, ModV):
        return None
    found = m.get_attribute(module, class_name, loc)
    return found if isinstance(found, ClassV) else None


def _module_at(m: Machine, loc: Loc) -> Module | None:
    """The module whose top level is running at `loc` (no call under way)."""
    for value in m.modules.values():
        if isinstance(value, ModV) and value.module.path == loc.path:
            return value.module
    return None


def _items(value: Value | None) -> list[Value] | None:
    if value is None:
        return []
    if isinstance(value, ListV):
        return list(value.items)
    if isinstance(value, Const) and isinstance(value.value, tuple):
        return [Const(item) for item in value.value]
    return None


def _keywords(value: Value | None) -> dict[str, Value] | None:
    if value is None or (isinstance(value, Const) and value.value is None):
        return {}
    if not isinstance(value, DictV):
        return None
    keywords: dict[str, Value] = {}
    for key, item in zip(value.keys, value.values, strict=True):
        if not isinstance(key, Const) or not isinstance(key.value, str):
            return None
        keywords[key.value] = item
    return keywords
