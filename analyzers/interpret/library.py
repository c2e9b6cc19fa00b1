"""Code outside the repository, by qualified name: builtins, the standard library, common packages.

Everything not listed here is unknown: its result is an opaque value, and a `LoRARequest` handed
to it is recorded as escaping (it may be served where the analysis cannot see).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret import (
    builtins_model,
    containers,
    generated,
    processes,
    server_api,
    stand_ins,
    stdlib,
    trainers,
    unseen,
    vllm_api,
)
from analyzers.interpret.argparse_model import parser_method
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.containers import derived, key_text
from analyzers.interpret.folders import WRITE_METHODS, name_words, names_a_write
from analyzers.interpret.objects import (
    EngineV,
    FileV,
    MockV,
    ParserV,
    RequestV,
    argument_of,
    object_key,
)
from analyzers.interpret.signals import ProgramExit
from analyzers.interpret.trace import Escaped
from analyzers.interpret.values import (
    NONE,
    BoundExt,
    Concat,
    Const,
    DictV,
    Ext,
    Hashed,
    HashText,
    InstV,
    ListV,
    Residue,
    SeqSym,
    SteppedItem,
    Sym,
    Value,
    describe,
    is_text,
)
from analyzers.vllm import api

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine

# Calls that only log, display or measure: a request passed to them is not served.
_INERT = frozenset(
    {
        "print", "repr", "str", "len", "isinstance", "id", "type", "format", "hasattr",
        "logging.info", "logging.debug", "logging.warning", "logging.error", "logging.exception",
        "warnings.warn", "json.dumps", "json.dump", "pprint.pprint", "rich.print",
        "yaml.dump", "yaml.safe_dump", "pickle.dump", "dataclasses.asdict", "asdict",
        "wandb.log", "mlflow.log_params", "msgspec.json.encode", "torch.cuda.empty_cache",
        "gc.collect",
    }
)  # fmt: skip
_EXIT = frozenset({"sys.exit", "exit", "quit", "os._exit"})
_MOCKS = frozenset(
    {"MagicMock", "Mock", "AsyncMock", "NonCallableMock", "PropertyMock", "create_autospec",
     "patch"}
)  # fmt: skip
_EXTRACTS = frozenset({"extractall", "extract"})
# Calls and keywords by which library code takes objects whose methods it calls later.
_HOOK_CALLS = frozenset(
    {"add_callback", "add_callbacks", "register_callback", "add_hook", "register_hook",
     "add_listener", "add_handler", "subscribe"}
)  # fmt: skip
_HOOK_KEYWORDS = frozenset({"callbacks", "callback", "hooks", "listeners", "handlers", "plugins"})
_LOGGER_METHODS = frozenset(
    {"info", "debug", "warning", "warn", "error", "exception", "log", "critical", "print"}
)


def call_external(m: Machine, qual: str, args: CallArgs, loc: Loc) -> Value:
    qual = qual.removeprefix("builtins.")
    if qual.startswith(api.MODULE):
        built = vllm_api.call_vllm(m, qual, args, loc)
        if built is not None:
            return built
    owner, _, last = qual.rpartition(".")
    if owner and _writes_weights(m, last, args, loc):
        # `model.save_pretrained(folder)` on an object imported from code the analysis cannot
        # see (`from trainer import model`) writes the folder as it does on any other object.
        return NONE
    if qual in _EXIT:
        raise ProgramExit
    if qual in m.mocked:  # `@patch("sidecar.requests.post")` in force: the post goes nowhere
        handed_to_mock(m, args, loc)
        if server_api.names_a_route(last, args):
            m.trace.mock_serves.append(loc)
        return MockV(qual)
    if last in _MOCKS and ("mock" in qual or qual == last):
        handed_to_mock(m, args, loc)
        target = args.get(0, "target") if last == "patch" else None
        named = target.value if isinstance(target, Const) else None
        return MockV(qual, named if isinstance(named, str) else None)
    stdlib.library_reseeds(m, qual, args)
    for handler in (
        stand_ins.call,
        generated.call,
        builtins_model.call,
        stdlib.call,
        processes.call,
    ):
        result = handler(m, qual, args, loc)
        if result is not None:
            return result
    return unknown_call(m, qual, args, loc)


def _may_write(m: Machine, callee: str, args: CallArgs, loc: Loc) -> None:
    """A call of unseen code whose name says it writes, given a path: whether it writes into
    that path is a condition of the world (the first world takes it to), never a silent no."""
    name = callee.rpartition(".")[2]
    if _names_a_class(name) or not names_a_write(name):
        # A class (`ExportLoRAAdapterRequest(path)`) keeps the folder it is given: what its
        # methods then do with it is a call of their own (`_held_folders`).
        return
    _may_write_into(m, name, args.values(), loc)


def _names_a_class(name: str) -> bool:
    """A callee named as classes are (`Exporter`): the call makes an object."""
    return name[:1].isupper()


def _may_write_into(m: Machine, name: str, values: Iterable[Value], loc: Loc) -> None:
    for value in values:
        if not _names_a_path(value):
            continue
        question = f"whether {name}() writes into {describe(value)}"
        if m.ask(question, f"writes:{loc}:{key_text(value)}", default=True):
            m.trace.assume_input(f"{name}() at {loc} writing into {describe(value)}")
            m.record_write(value, loc, kind="model")


# Words of a method's name that say it only reads what its object holds (`cfg.get(...)`,
# `state.is_ready()`, `cfg.to_dict()`): the object keeps its fields.
_READING_WORDS = frozenset(
    {"get", "is", "has", "keys", "items", "values", "copy", "to", "dict", "dump", "dumps", "json"}
    | {"format", "str", "repr", "len", "contains", "getitem", "iter", "read", "list", "find"}
    | {"count", "index", "exists", "check", "print", "log", "info", "debug", "warning", "warn"}
    | {"error", "describe", "show", "summary", "select", "filter", "lookup", "equals", "eq"}
)


def _only_reads(name: str) -> bool:
    return bool(name_words(name) & _READING_WORDS)


def _names_a_path(value: Value) -> bool:
    """Text that is written as a path (`"/tmp/live"`, `f"{root}/step-{i}"`), not a word such as
    a device (`"cpu"`) or a mode (`"RGB"`); or an unknown that may be one (`sys.argv[1]`,
    `out + "_lora"`), which is a path whenever the run serves it. A count is none."""
    if isinstance(value, Const) and isinstance(value.value, str):
        return "/" in value.value or value.value.startswith((".", "~"))
    if isinstance(value, Concat):
        return any(
            (isinstance(part, Const) and isinstance(part.value, str) and "/" in part.value)
            or _may_be_text(part)
            for part in value.parts
        )
    return _may_be_text(value)


def _may_be_text(value: Value) -> bool:
    """An unknown that may be a folder: an input (a CLI argument, a config value, an item of an
    unknown list) unless its own name calls it an object (`self.unwrapped_models`, `policy`),
    or a result of unseen code whose name says it is a place (`make_output_dir()`, `out`);
    not an item of a count (`range(n)`, a trainer's step) or its remainder. The result of
    unseen code is mostly not a path (`buf = io.BytesIO()`; `image.save(buf)`)."""
    if not isinstance(value, Sym) or isinstance(value, SteppedItem | Residue):
        return False
    words = name_words(value.desc.rpartition(".")[2])
    if value.opaque:
        return bool(words & _PATH_WORDS)
    return not words & _OBJECT_WORDS or bool(words & _PATH_WORDS)


# Words that name what a value is: a model, its tensors, a setting; unless another word of the
# name says it is where one is kept (`model_dir`, `policy_path`).
_OBJECT_WORDS = frozenset(
    {"model", "models", "weights", "tensor", "tensors", "params", "parameters", "module"}
    | {"modules", "policy", "net", "engine", "tokenizer", "optimizer", "config", "args", "batch"}
)
_PATH_WORDS = frozenset(
    {"path", "paths", "dir", "dirs", "folder", "out", "output", "root", "file", "ckpt", "location"}
    | {"checkpoint", "prefix", "dest", "destination", "target", "save", "uri", "url"}
)


def _writes_weights(
    m: Machine, name: str, args: CallArgs, loc: Loc, receiver: Value | None = None
) -> bool:
    """`x.save_pretrained(folder)` (or `x.save(folder)`) on an object the analysis cannot see
    into (`receiver`, where the run has it): the folder is written (recorded), and True."""
    if name not in WRITE_METHODS and not (
        name == "save" and args.positional and is_text(args.positional[0])
    ):
        return False
    target = args.get(0, "save_directory") or args.get(None, "output_dir")
    if target is None and name == "save_model" and receiver is not None:
        # A Hugging Face trainer's `save_model()` saves into its `args.output_dir`.
        settings = m.get_attribute(receiver, "args", loc)
        target = m.get_attribute(settings, "output_dir", loc)
    m.record_write(
        target if target is not None and not isinstance(target, RequestV) else None,
        loc,
        kind="model",
    )
    return True


def unknown_call(
    m: Machine, callee: str, args: CallArgs, loc: Loc, *, holder: str | None = None
) -> Value:
    """Code the analysis cannot see: the result is unknown and requests passed in escape.
    `holder`: the key of the object whose method this is (`trainers.holder_key`)."""
    if server_api.http_call(m, callee.rpartition(".")[2], args, loc):
        return m.opaque(f"the response of {callee}()", loc)
    if callee not in _INERT and (
        callee.endswith("load_dotenv") or any(map(containers.is_environ, args.values()))
    ):
        containers.environment_unknown(m, loc)  # `patch.dict(os.environ, {...})`, dotenv
    made: Value | None = None
    if callee not in _INERT and not callee.startswith(("logging.", "logger.", "log.", "tqdm")):
        _may_write(m, callee, args, loc)
        if not _only_reads(callee.rpartition(".")[2]):
            for value in args.values():
                if isinstance(value, Sym):
                    containers.changed_unknown(m, value)  # `refresh(cfg)` may change `cfg`
        for value in args.values():
            for request in _requests_in(m, value):
                m.trace.facts.append(Escaped(request, callee, loc))
        hooks = callee.rpartition(".")[2] in _HOOK_CALLS
        if holder is None and any(
            trainers.holds_callbacks(v) for n, v in args.keywords.items() if n == "callbacks"
        ):
            # `Trainer(callbacks=[cb])`: the trainer made here calls them when it trains.
            made = m.opaque(f"{callee}(...)", loc)
            holder = object_key(made)
        unnamed = [*args.positional, *(v for v in (args.star, args.star_star) if v is not None)]
        for name, value in [*((None, v) for v in unnamed), *args.keywords.items()]:
            # A callback: the unseen code may call it, again and again (a trainer's hook). An
            # object is one where the code takes hooks (`add_callback(probe)`, `callbacks=[...]`).
            taken = hooks or name in _HOOK_KEYWORDS
            why = f"is handed to {callee}()"
            rest: Value | None = value
            if taken and holder is not None:
                rest = trainers.hand_over(m, holder, value, loc, why)
            if rest is not None:
                unseen.escape(m, rest, loc, why, hooks=taken)
            unseen.served(m, value, f"{callee}()", loc)
            _hand_over(value)
    if made is None:
        made = m.opaque(f"{callee}(...)", loc)
    key = object_key(made)
    if key is not None and callee in server_api.JSON_ENCODERS and args.positional:
        server_api.encoded(m, key, args.positional[0])
    if key is not None and _names_a_class(callee.rpartition(".")[2]):
        given = [value for value in args.values() if _names_a_path(value)]
        for value in args.values():
            # `Trainer(args=TrainingArguments(output_dir=out))`: its arguments' folders too.
            inner = object_key(value)
            given += m.unseen.folders.get(inner, []) if inner is not None else []
        if given:
            m.unseen.folders[key] = given
        # What a settings object was made with is what it holds under that name:
        # `TrainingArguments(output_dir=out).output_dir` is `out`, `Trainer(args=a).args` is
        # `a` (a Hugging Face trainer's `save_model()` saves into `args.output_dir`).
        for name, value in args.keywords.items():
            m.unseen.attrs[(key, f".{name}")] = value
    return made


def _held_folders(m: Machine, receiver: Value, name: str, args: CallArgs, loc: Loc) -> None:
    """`Exporter(out_dir).export()`: a method whose name says it writes, given no folder, of an
    object an unseen class made from folders, may write into them (a world's condition, as
    for a writer given the folder itself)."""
    key = object_key(receiver)
    held = m.unseen.folders.get(key) if key is not None else None
    if held and names_a_write(name) and not any(_names_a_path(v) for v in args.values()):
        _may_write_into(m, name, held, loc)


def _hand_over(value: Value) -> None:
    """Engines handed to unseen code (directly, in a list, or on an object) may be loaded, and
    dicts may be filled (`plugins.register_all(REGISTRY)`)."""
    held = value.attrs.values() if isinstance(value, InstV) else ()
    items = value.items if isinstance(value, ListV) else ()
    entries = value.values if isinstance(value, DictV) else ()
    for item in (value, *held, *items, *entries):
        if isinstance(item, EngineV):
            item.loads_unseen = True
        elif isinstance(item, DictV):
            item.open = True


def handed_to_mock(m: Machine, args: CallArgs, loc: Loc) -> None:
    """Requests given to a mock (`PropertyMock(side_effect=[LoRARequest(...)])`) are what a
    test feeds its fake: evidence that no engine serves them."""
    for value in args.values():
        for item in value.items if isinstance(value, ListV) else [value]:
            if _requests_in(m, item):
                m.trace.mock_serves.append(loc)
                return


def _requests_in(m: Machine, value: Value) -> list[RequestV]:
    value = m.unseen.resolve(value)
    if isinstance(value, RequestV):
        return [] if value.mock else [value]
    if isinstance(value, ListV):
        return [item for item in value.items if isinstance(item, RequestV) and not item.mock]
    if isinstance(value, DictV):
        return [item for item in value.values if isinstance(item, RequestV) and not item.mock]
    return []


# The methods of a trainer that take its callbacks or run them (`trainers.py`).
_TRAINER_METHODS = _HOOK_CALLS | {"__init__", "train"}
_SERVING_METHODS = frozenset({"run", "serve", "serve_forever", "launch", "run_app", "start"})


def unknown_method(m: Machine, receiver: Value, name: str, args: CallArgs, loc: Loc) -> Value:
    """A method of an object the analysis cannot see into (a parameter, a library object)."""
    args = vllm_api.resolved(m, args)
    if isinstance(receiver, Sym):
        looked_up = containers.unknown_get(m, receiver, args, loc) if name == "get" else None
        if looked_up is not None:
            return looked_up
        if name in containers.MUTATORS:
            containers.mutate_unknown(m, receiver, name, args, loc)
        elif not _only_reads(name):
            containers.changed_unknown(m, receiver)  # `state.step(batch)`: its fields may change
        if name.endswith("_") and not name.endswith("__"):
            containers.changed_in_place(m, receiver)  # `tensors[k].add_(delta)`
    if name in _IPYTHON_SHELL and describe(receiver) == "get_ipython(...)" and args.positional:
        # `get_ipython().system(f"cp -r {ckpt} adapter")`: a shell line, as `os.system` runs it
        command = args.positional[-1] if name == "run_cell_magic" else args.positional[0]
        return call_external(m, "os.system", CallArgs([command]), loc)
    if name == vllm_api.FRAMEWORK_LOADER and isinstance(receiver, Sym):
        made = vllm_api.framework_request(m, args, loc)
        if made is not None:
            return made
    if (
        (name in api.LORA_METHOD_NAMES and vllm_api.mentions_lora(args))
        or (name in api.REMOVE_METHOD_NAMES and vllm_api.names_an_id(args, name))
        or (vllm_api.drops_by_id(name) and args.values())
    ):
        # `engine.add_lora(req)` / `engine.remove_lora(1)` on an engine the analysis cannot
        # see being built (a parameter, an attribute of an unknown object): still recorded.
        return vllm_api.engine_method(
            m, vllm_api.implicit_engine(m, receiver, loc), name, args, loc
        )
    if _writes_weights(m, name, args, loc, receiver):
        return NONE
    _held_folders(m, receiver, name, args, loc)
    if name in _EXTRACTS:  # `tarfile.open(a).extractall(folder)`, `ZipFile(a).extractall(...)`
        into = args.get(0 if name == "extractall" else 1, "path")
        m.record_write(into, loc, kind="model")
        return NONE
    if name in _LOGGER_METHODS:
        return NONE
    if name in _SERVING_METHODS:  # `app.run()`: its registered routes are called from now on
        unseen.served(m, receiver, f"{describe(receiver)}.{name}()", loc)
    if server_api.http_call(m, name, args, loc):
        return m.opaque(f"the response of {name}()", loc)
    if name == "create" and describe(receiver).endswith(".completions"):
        server_api.client_serve(m, args, loc)  # the openai client: `model=` names an adapter
    holder = trainers.holder_key(receiver) if name in _TRAINER_METHODS else None
    if name == "train" and holder is not None:
        trainers.train(m, holder, receiver, args, loc)  # the callbacks handed to it run now
    result = unknown_call(m, f"{describe(receiver)}.{name}", args, loc, holder=holder)
    if isinstance(receiver, Sym) and _reads_caller_input(receiver, name):
        # What a caller's argument gives (`await request.json()`) is that caller's input, as
        # `request.lora_path` is: an input of its own, not code the analysis cannot see.
        return Sym(f"{receiver.key}.{name}()#{m.serial()}", f"{describe(receiver)}.{name}()")
    return result


_ENGINE_METHOD_NAMES = frozenset(entry.name for entry in api.ENGINE_METHODS)
# IPython's shell's methods that run a shell line (a notebook's `!cmd` is `system(...)`).
_IPYTHON_SHELL = frozenset({"system", "getoutput", "run_cell_magic"})


def _reads_caller_input(receiver: Sym, name: str) -> bool:
    """A method of an argument an unseen caller passed itself (a web request), not of
    something reached through it (`self.llm.llm_engine`) nor an engine's own query
    (`list_loras()`): what it returns is as much the caller's as the argument is."""
    return (
        not receiver.opaque
        and receiver.offset == 0
        and argument_of(receiver.key) == receiver.key  # the argument itself
        and name not in _ENGINE_METHOD_NAMES
    )


def call_method(m: Machine, receiver: Value, name: str, args: CallArgs, loc: Loc) -> Value:
    """A method on a value the interpreter models (lists, dicts, strings, parsers, files...)."""
    if isinstance(receiver, MockV):
        if name in api.LORA_METHOD_NAMES and vllm_api.mentions_lora(args):
            m.trace.mock_serves.append(loc)
        return MockV(f"{receiver.desc}.{name}()")
    if isinstance(receiver, ParserV):
        return parser_method(m, receiver, name, args, loc)
    for handler in (
        stand_ins.method,
        generated.method,
        builtins_model.method,
        stdlib.method,
        processes.method,
    ):
        result = handler(m, receiver, name, args, loc)
        if result is not None:
            return result
    pure = _pure_text_method(m, receiver, name, args, loc)
    if pure is not None:
        return pure
    if isinstance(receiver, Sym | SeqSym) or not isinstance(receiver, Const):
        return unknown_method(m, receiver, name, args, loc)
    return m.opaque(f"`{loc.code}`", loc)


_PURE_TEXT_METHODS = frozenset(
    {"split", "rsplit", "strip", "lstrip", "rstrip", "lower", "upper", "casefold", "replace",
     "startswith", "endswith", "removeprefix", "removesuffix", "partition", "rpartition",
     "splitlines", "isdigit", "isnumeric", "zfill", "title", "encode", "decode"}
)  # fmt: skip


def _pure_text_method(
    m: Machine, receiver: Value, name: str, args: CallArgs, loc: Loc
) -> Value | None:
    """`s.split("/")` of an unknown text: fixed by that text and the arguments, so asking twice
    of the same text gives the same answer (both calls see one `adapter_id`); as unknown as
    the text (of an opaque result, an opaque value)."""
    if name not in _PURE_TEXT_METHODS or args.star is not None or args.star_star is not None:
        return None
    parts = receiver.parts if isinstance(receiver, Concat) else (receiver,)
    if not isinstance(receiver, Sym | Concat) or not all(
        isinstance(part, Const | Sym) for part in parts
    ):
        return None
    values = args.values()
    if not all(isinstance(v, Const) or (isinstance(v, Sym) and not v.opaque) for v in values):
        return None
    opaque = any(isinstance(part, Sym) and part.opaque for part in parts)
    called = f"{name}({', '.join(key_text(v) for v in values)})"
    shown = f"{describe(receiver)}.{name}({', '.join(describe(v) for v in values)})"
    return Sym(f"{key_text(receiver)}.{called}", shown, opaque=opaque, where=str(loc))


def external_attribute(m: Machine, qual: str, name: str, loc: Loc) -> Value:
    full = f"{qual}.{name}"
    if full == "sys.argv":
        return SeqSym("sys.argv", "sys.argv", str(loc))
    if full == "sys.executable":
        return Const("python")
    if full == "sys.platform":
        return Const("linux")  # vLLM serves adapters on Linux
    if full == "sys.version_info":
        return Const((3, 11, 0, "final", 0))
    if full in ("os.sep", "os.path.sep"):
        return Const("/")
    return Ext(full)


def value_attribute(m: Machine, owner: Value, name: str, loc: Loc) -> Value:
    owner = m.unseen.resolve(owner)
    if isinstance(owner, RequestV):
        return vllm_api.request_attribute(m, owner, name, loc)
    kept = unseen.read_attribute(m, owner, name)
    if kept is not None:
        return kept
    found = stdlib.attribute(m, owner, name, loc)
    if found is not None:
        return found
    if isinstance(owner, Sym):
        m.unseen.use(owner)
        changed = containers.read_after_change(m, owner, f".{name}", name, loc)
        if changed is not None:
            return changed
        return derived(m, owner, f".{name}", f"{owner.describe()}.{name}", loc)
    if isinstance(owner, Const | Concat | Hashed | HashText):
        return m.opaque(f"`{loc.code}`", loc)
    return BoundExt(owner, name)


def entered_value(m: Machine, manager: Value, loc: Loc) -> Value:
    """What `with manager as x` binds for objects without repository code behind them."""
    if isinstance(manager, FileV):
        return manager
    return processes.entered(manager) or manager
