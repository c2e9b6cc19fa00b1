"""Objects the interpreter models: vLLM engines and requests, argparse, files, mocks, partials."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from analyzers.files.parsing import Loc
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.values import ClassV, InstV, Obj, Sym, Value


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
    # Attributes the analysed code keeps on the engine object (`llm._lora_ids = {}`).
    attrs: dict[str, Value] = field(default_factory=dict)
    # Handed to code the analysis cannot see, which may have loaded adapters into it.
    loads_unseen: bool = False
    # `worker_extension_cls=`: the class mixed into its workers, and the one worker instance
    # that `collective_rpc(...)` calls (`worker_extension.py`).
    extension: Value | None = None
    worker: Value | None = None
    # The repository's subclass it was made from (`class QuietLLM(LLM)`): its methods and
    # class attributes are looked up first, and run with the engine as `self`.
    cls: ClassV | None = None
    # Built with every setting known and `enable_lora` not set (or false): a request raises.
    lora_off: bool = False


@dataclass(eq=False)
class EngineArgsV(Obj):
    """`EngineArgs(...)` / `AsyncEngineArgs(...)`: keyword arguments waiting for an engine."""

    kwargs: dict[str, Value]
    unknown_rest: bool = False
    literal: bool = False  # every setting written in the call (`vllm_api._literal`)


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
    # The library whose own counter gave the id (unsloth's `load_lora`): every load it makes,
    # seen or not, takes the next one.
    counter: str | None = None
    # Fields that are the adapter's content rather than its name, id or path (`lora_tensors`,
    # `peft_config`, any field of a repository subclass): a new payload is a new adapter.
    content: dict[str, Value] = field(default_factory=dict)


@dataclass(eq=False)
class MockV(Obj):
    """A `unittest.mock` object: whatever it is asked to serve is never really served."""

    desc: str
    # `patch("pkg.mod.LLM")`: the module attribute it replaces while a decorated function or
    # a `with` block runs
    target: str | None = None


@dataclass(eq=False)
class ParserV(Obj):
    """`argparse.ArgumentParser()`: each declared option's default."""

    defaults: dict[str, Value] = field(default_factory=dict)
    declared: dict[str, str] = field(default_factory=dict)  # dest -> the flag as written
    lists: set[str] = field(default_factory=set)  # dests the command line gives as a list


@dataclass(eq=False)
class FactoryV(Obj):
    """`dataclasses.field(default_factory=f)`: each instance's field is a new `f()`."""

    factory: Value


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


_SERIAL = re.compile(r"opaque#(\d+)")
# Keys of the unknown arguments of one call by unseen code (`calls._missing`, `entry_args`).
PER_CALL = ("param:", "entry:")
# Such a key up to its call's serial number (`param:f.server#12` of `param:f.server#12.llm`).
_ARGUMENT = re.compile(rf"(?:{'|'.join(map(re.escape, PER_CALL))})[^#]*#\d+")
_CALL_SERIAL = re.compile(r"#\d+")
# A parameter nobody passed, by the serial number of its call's frame (`entry_args.unpassed`);
# `entry:` keys count calls, not serial numbers, so they say nothing of when the call began.
_PARAM_SERIAL = re.compile(r"param:[^#]*#(\d+)")


@dataclass
class Unseen:
    """What one run learnt about code and objects it cannot see (see `unseen.py`)."""

    escaped: set[int] = field(default_factory=set)  # functions already handed over (node ids)
    escaped_objects: set[int] = field(default_factory=set)  # objects handed over (ids)
    # what was written on unknown objects: (object key, ".name" or "[key]") -> value
    attrs: dict[tuple[str, str], Value] = field(default_factory=dict)
    adopted: dict[str, RequestV] = field(default_factory=dict)  # unknown object key -> request
    held: EngineV | None = None  # the engine(s) unknown objects hold, the same on every call
    # the engine each unknown object stood for when first used as one: the same object is the
    # same engine ever after, even once it outlives the call that made it (a cached attribute)
    engines: dict[str, EngineV] = field(default_factory=dict)
    # arguments a world took to be other objects than the same argument of an earlier call,
    # each with the engine it stands for once it is used as one (`vllm_api.implicit_engine`)
    apart: dict[str, EngineV | None] = field(default_factory=dict)
    call_started: int = 0  # the serial number at the start of the current unseen call
    kept: set[str] = field(default_factory=set)  # unknown objects stored where calls share them
    # unknown objects whose attributes were read or written: not None (on None that raises)
    used: set[str] = field(default_factory=set)
    # functions a module registered on an unknown object (`@app.post(...)` at its top level),
    # by the object's key: called once the object is handed to code that serves it
    registered: dict[str, list[tuple[Value, Loc, str]]] = field(default_factory=dict)
    # the class whose body registered a method so (`@app.post` in a class that
    # `@serve.ingress(app)` serves), by the method's syntax node id: it is called on an instance
    route_owners: dict[int, Value] = field(default_factory=dict)
    # `TrainerCallback`s handed to a trainer, by the trainer's key (`trainers.holder_key`), each
    # with where and how: its `train()` calls them; the trainers whose `train()` ran
    trainers: dict[str, list[tuple[InstV, Loc, str]]] = field(default_factory=dict)
    trained: set[str] = field(default_factory=set)
    # the folders an unseen class was given when it made an object (`Exporter(out_dir)`), by
    # the object's key: a method of it whose name says it writes may write into them
    folders: dict[str, list[Value]] = field(default_factory=dict)

    def outlives_call(self, value: Value) -> bool:
        """Whether an unknown object existed before the current call by unseen code (an
        attribute of the shared instance, a module's object), so every call sees the same one;
        an argument of the call, or a value made during it, may differ from call to call. An
        argument of a call that began before this one (what `__init__` or a factory was given,
        kept on the instance or in a closure) is the same object on every later call."""
        key = object_key(value)
        if key is None:
            return False
        if key.startswith(PER_CALL):
            given = _PARAM_SERIAL.match(key)
            return given is not None and int(given.group(1)) < self.call_started
        made = _SERIAL.match(key)
        return made is None or int(made.group(1)) < self.call_started or made.group(0) in self.kept

    def use(self, owner: Value) -> None:
        """An attribute of `owner` was read or written: from here on, `owner` is not None."""
        key = object_key(owner)
        if key is not None:
            self.used.add(key)

    def not_none(self, value: Value) -> bool:
        """Whether an unknown object was used as an object, so it cannot be None."""
        key = object_key(value)
        return key is not None and key in self.used

    def keep(self, owner: Value, value: Value) -> None:
        """`value` was stored on `owner`: when the owner outlives the call (a class, or an
        instance made before it), so does an unknown object made during the call (the state
        a `cached_property` builds on the first call is the state of every later one)."""
        key = object_key(value)
        made = _SERIAL.match(key) if key is not None else None
        if made is None or (isinstance(owner, InstV) and owner.born >= self.call_started):
            return
        self.kept.add(made.group(0))

    def resolve(self, value: Value) -> Value:
        """An unknown object that was given a request's fields stands for that request."""
        key = object_key(value)
        return self.adopted.get(key, value) if key is not None else value


def argument_of(key: str) -> str | None:
    """The unknown argument of one call that an object key is, or is reached from."""
    found = _ARGUMENT.match(key)
    return found.group(0) if found is not None else None


def same_argument(left: str, right: str) -> bool:
    """Whether two keys name the same argument (or the same part of it) of two calls."""
    return left != right and _CALL_SERIAL.sub("", left) == _CALL_SERIAL.sub("", right)


def object_key(value: Value) -> str | None:
    """The identity of an unknown object, for remembering what is written on it."""
    if not isinstance(value, Sym):
        return None
    return f"{value.key}{value.offset:+d}" if value.offset else value.key
