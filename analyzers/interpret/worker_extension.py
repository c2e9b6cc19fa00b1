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
from analyzers.interpret import iteration
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.containers import spread_keywords
from analyzers.interpret.objects import EngineV
from analyzers.interpret.values import (
    BoundExt,
    ClassV,
    Const,
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
    passed = _spread(m, args.get(2, "args"), args.get(3, "kwargs"), loc)
    if passed is None:
        return None
    m.in_worker += 1  # the worker's cache calls are synchronous, even on an async engine
    try:
        result = m.call_value(func, passed, loc)
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


def _spread(m: Machine, args: Value | None, kwargs: Value | None, loc: Loc) -> CallArgs | None:
    """`method(*args, **kwargs)` as a call spreads them (`expressions._arguments`); None when
    either holds what the analysis cannot list."""
    passed = CallArgs()
    if args is not None:
        if not iteration.is_known_sequence(args):
            return None
        passed.positional.extend(iteration.plan(m, args, loc, quiet=True))
    none = isinstance(kwargs, Const) and kwargs.value is None
    if kwargs is not None and not none and not spread_keywords(kwargs, passed.keywords):
        return None
    return passed
