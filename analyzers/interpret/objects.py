"""Objects the interpreter models: vLLM engines and requests, argparse, files, mocks, partials."""

from __future__ import annotations

from dataclasses import dataclass, field

from analyzers.files.parsing import Loc
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.values import Obj, Value


@dataclass(eq=False)
class EngineV(Obj):
    """One vLLM engine instance: its own LoRA cache, from construction until it is dropped.

    `kind` is the constructor (`LLM`, `LLMEngine`, `AsyncLLMEngine`, `AsyncLLM`) or `implicit`
    for an object that is only seen being asked to serve a `lora_request` (capacity unknown).
    """

    eid: int
    kind: str
    loc: Loc
    max_loras: Value | None = None
    max_cpu_loras: Value | None = None
    desc: str = ""
    proc: int = 0
    capacity_known: bool = True


@dataclass(eq=False)
class EngineArgsV(Obj):
    """`EngineArgs(...)` / `AsyncEngineArgs(...)`: keyword arguments waiting for an engine."""

    kwargs: dict[str, Value]
    unknown_rest: bool = False


@dataclass(eq=False)
class RequestV(Obj):
    """A `LoRARequest(...)`; `mock` when the class is the file's own stand-in, not vLLM's.

    The attributes `name`, `lora_id`, `path` and `load_inplace` are what the fields of
    `vllm/api.py` hold (`RequestField.holds`).
    """

    rid: int
    name: Value | None
    lora_id: Value | None
    path: Value | None
    load_inplace: Value | None
    loc: Loc
    mock: bool = False
    mutations: list[Loc] = field(default_factory=list)
    origin_call: int | None = None  # the interpreted call that built it (memoisation trap)
    intended_path: Value | None = None  # set when a memoised request answers for another path
    id_text: str | None = None  # the arguments as written at the site
    path_text: str | None = None
    server: bool = False  # a load through a vLLM server's HTTP API (the server picks the id)
    # Fields that are the adapter's content rather than its name, id or path (`lora_tensors`,
    # `peft_config`, any field of a repository subclass): a new payload is a new adapter.
    content: dict[str, Value] = field(default_factory=dict)


@dataclass(eq=False)
class MockV(Obj):
    """A `unittest.mock` object: whatever it is asked to serve is never really served."""

    desc: str


@dataclass(eq=False)
class ParserV(Obj):
    """`argparse.ArgumentParser()`: each declared option's default."""

    defaults: dict[str, Value] = field(default_factory=dict)
    declared: dict[str, str] = field(default_factory=dict)  # dest -> the flag as written


@dataclass(eq=False)
class NamespaceV(Obj):
    """Parsed command-line arguments (or another attribute bag)."""

    attrs: dict[str, Value]
    desc: str = "args"
    notes: dict[str, str] = field(default_factory=dict)  # dest -> "default 10 of --n-epochs"


@dataclass(eq=False)
class FileV(Obj):
    """An open file; `writable` when opened for writing (a write into an adapter folder counts)."""

    path: Value
    writable: bool


@dataclass(eq=False)
class PartialV(Obj):
    """`functools.partial(func, *args, **kwargs)`."""

    func: Value
    args: CallArgs
