"""Paths, environment, data files, hashes, clocks and other standard-library calls.

Paths are strings built from parts (`os.path.join(args.out, f"step_{i}")`), so two requests for
the same folder compare equal and a save into it can be matched to the request that reads it.
"""

from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret import (
    builtins_model,
    classes,
    concurrency,
    containers,
    entry_args,
    iteration,
    later_serves,
    processes,
    relevance,
)
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.containers import derived, key_text
from analyzers.interpret.folders import content_at, from_directory, relation
from analyzers.interpret.objects import (
    EngineArgsV,
    FactoryV,
    NamespaceV,
    ParserV,
    PartialV,
    RequestV,
    object_key,
)
from analyzers.interpret.processes import FutureV
from analyzers.interpret.values import (
    NONE,
    Concat,
    Const,
    CounterV,
    CycleV,
    DictV,
    Ext,
    Hashed,
    HashText,
    InstV,
    ListV,
    Obj,
    SeqSym,
    Sym,
    Value,
    as_int,
    concat,
    describe,
    is_none,
    is_text,
)
from analyzers.vllm import api

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine

_DIGESTS = {"md5": 128, "sha1": 160, "sha224": 224, "sha256": 256, "sha384": 384,
            "sha512": 512, "blake2b": 512, "blake2s": 256, "sha3_256": 256}  # fmt: skip
_VLLM_COUNTERS = frozenset(
    f"vllm.utils.{module}{name}"
    for module in ("", "counter.")
    for name in ("Counter", "AtomicCounter")
)
# Calls whose answer stays the same for the whole process (its id, its machine, its user).
_PER_PROCESS = frozenset(
    {"os.getpid", "os.getppid", "socket.gethostname", "platform.node", "getpass.getuser"}
)
_FINE_CLOCKS = frozenset({"time.time_ns", "time.perf_counter_ns", "time.monotonic_ns"})
_COARSE_CLOCKS = frozenset({"time.time", "time.perf_counter", "time.monotonic"})
_READERS = frozenset(
    {"json.load", "json.loads", "yaml.safe_load", "yaml.load", "yaml.full_load", "tomllib.load",
     "tomllib.loads", "toml.load", "pickle.load", "torch.load", "numpy.load", "pandas.read_csv",
     "pandas.read_json", "pandas.read_parquet", "datasets.load_dataset", "omegaconf.OmegaConf.load"}
)  # fmt: skip
_PATH_CONSTRUCTORS = frozenset(
    {"pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "pathlib.PurePosixPath", "Path"}
)
_IDENTITY_PATH = frozenset(
    {"os.path.abspath", "os.path.realpath", "os.path.normpath", "os.path.expanduser",
     "os.path.expandvars", "os.fspath", "str"}
)  # fmt: skip
_COPIES = frozenset(
    {"shutil.copytree", "shutil.copy", "shutil.copy2", "shutil.copyfile", "shutil.move",
     "os.rename", "os.replace", "distutils.dir_util.copy_tree"}
)  # fmt: skip
_SAVES = frozenset({"torch.save", "safetensors.torch.save_file", "numpy.save",
                    "safetensors.torch.save_model"})  # fmt: skip
_UNPACKS = frozenset({"shutil.unpack_archive"})
_PASS_THROUGH = frozenset(
    {"asyncio.run", "asyncio.create_task", "asyncio.ensure_future", "asyncio.wait_for",
     "asyncio.shield", "ray.get", "tqdm.tqdm", "tqdm.auto.tqdm", "tqdm"}
)  # fmt: skip
_REPEAT_ITEMS = 10_000  # `itertools.repeat(x, n)` spelled out up to this many items
_COPY_DEPTH = 32  # nesting a deep copy follows; deeper parts stay shared (worst case: shared)


@dataclass(eq=False)
class QueueV(Obj):
    """A first-in first-out queue (`queue.Queue()`, `multiprocessing.Queue()`, `asyncio.Queue()`)
    and what was put into it and not yet taken. A worker started before the puts ran at once,
    so it found the queue empty: what it takes is then an unknown, as any `get` of an empty
    queue is (another thread, a process, a library may put into it)."""

    items: list[Value] = field(default_factory=list)


# First-in first-out queues whose `get` hands back the oldest item put (not LIFO, priority).
_FIFO_QUEUES = frozenset(
    {"queue.Queue", "queue.SimpleQueue", "multiprocessing.Queue", "multiprocessing.SimpleQueue",
     "multiprocessing.JoinableQueue", "torch.multiprocessing.Queue", "asyncio.Queue"}
)  # fmt: skip


@dataclass(eq=False)
class DigestV(Obj):
    """`hashlib.sha256(data)` before `.hexdigest()`."""

    source: str
    desc: str
    bits: int


@dataclass(eq=False)
class UuidV(Obj):
    source: str


def _first(args: CallArgs) -> Value | None:
    return args.positional[0] if args.positional else None


def join_path(m: Machine, parts: list[Value], loc: Loc) -> Value:
    result: Value | None = None
    for part in parts:
        if (
            isinstance(part, Const) and isinstance(part.value, str) and part.value.startswith("/")
        ) or result is None:
            result = part
        else:
            result = concat(result, Const("/"), part)
    return result if result is not None else Const("")


def _json_literal(text: str) -> Value | None:
    """`json.loads` of a string written in the source: the value it parses to."""
    if len(text) > 100_000:
        return None
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return _from_json(parsed, 0)


def _from_json(parsed: object, depth: int) -> Value | None:
    if depth > 32:
        return None
    if parsed is None or isinstance(parsed, bool | int | float | str):
        return Const(parsed)
    if isinstance(parsed, list):
        items = [_from_json(item, depth + 1) for item in parsed]
        return None if any(item is None for item in items) else ListV(items)  # type: ignore[arg-type]
    if isinstance(parsed, dict):
        values = [_from_json(item, depth + 1) for item in parsed.values()]
        if any(value is None for value in values):
            return None
        return DictV([Const(key) for key in parsed], values)  # type: ignore[arg-type]
    return None


_WATCHES = frozenset({"os.path.getmtime", "os.path.getctime", "os.stat"})


# Past this many writes in a run, a file test compares none of them with its path (each
# comparison of two long built paths is costly: a copy loop's checks took minutes): any write
# since the path's last test may have changed what it finds.
_WRITES_COMPARED = 32


def _file_test(m: Machine, test: str, path: Value, desc: str, loc: Loc) -> Value:
    """`os.path.exists(path)`: unknown, but one answer for one path until the run writes into
    it (two calls with nothing written between them see the same file system)."""
    if len(m.writes) > _WRITES_COMPARED:
        since = f"any{len(m.writes)}"
    else:
        written = content_at(m.writes, path, m.trace.same_inputs)
        since = f"{written.certain}+{written.possible}"
    return m.fixed(f"file-test:{test}:{key_text(path)}@{since}", desc, loc)


def _with_part(path: Value, name: str, part: Value | None) -> Value | None:
    """`Path("a/b.py").with_name("c.json")` (`a/c.json`) and `.with_suffix(".json")`, for a
    path and a part written out; None for any other (what pathlib would refuse included)."""
    if not (isinstance(path, Const) and isinstance(path.value, str)):
        return None
    if not (isinstance(part, Const) and isinstance(part.value, str)):
        return None
    folder, base = posixpath.split(path.value)
    if not base or base in (".", ".."):
        return None
    if name == "with_name":
        if not part.value or "/" in part.value:
            return None
        return Const(posixpath.join(folder, part.value))
    if part.value and (not part.value.startswith(".") or part.value == "." or "/" in part.value):
        return None
    stem, suffix = posixpath.splitext(base)
    return Const(posixpath.join(folder, (stem if suffix else base) + part.value))


def _committed_file(m: Machine, path: Value, *, binary: bool) -> Value | None:
    """A file the repository holds at `path` (`Path(__file__).with_name("adapters.json")`), as
    it holds it, in a world that takes it so; None in the other world, and for a path the
    analysis cannot name or a file this run may have written. The file at run time may be
    another (written by an earlier step, a different working directory): the committed one is
    one plausible value, never the only one, so the verdict is the worst of the two worlds."""
    if not (isinstance(path, Const) and isinstance(path.value, str)):
        return None
    where = posixpath.normpath(path.value.removeprefix("./"))
    if where.startswith(("/", "../")) or where in (".", ".."):
        return None
    if any(relation(write.target, path) is not False for write in m.writes):
        return None
    data = m.loader.read_data(where)
    if data is None:
        return None
    try:
        content: object = data if binary else data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not m.ask(
        f"whether {where} is the one the repository holds",
        f"committed-file:{where}",
        default=True,
        weight=relevance.CALLS,
    ):
        return None
    m.trace.assume_input(f"{where} as the repository holds it")
    return Const(content)


def call(m: Machine, qual: str, args: CallArgs, loc: Loc) -> Value | None:
    first = _first(args)
    if qual == "dataclasses.field":
        factory = args.keywords.get("default_factory")
        if factory is not None:
            return FactoryV(factory)
        default = args.keywords.get("default")
        return default if default is not None else None
    if qual == "os.path.join" or qual in _PATH_CONSTRUCTORS:
        return join_path(m, list(args.positional), loc) if args.positional else Const(".")
    if qual in _IDENTITY_PATH and first is not None and (is_text(first) or isinstance(first, Sym)):
        return first
    if qual in ("os.path.dirname", "os.path.basename") and first is not None:
        return path_attribute(m, first, "parent" if qual.endswith("dirname") else "name", loc)
    if qual in ("os.path.exists", "os.path.isdir", "os.path.isfile") and first is not None:
        return _file_test(m, qual.rpartition(".")[2], first, f"{qual}({describe(first)})", loc)
    if qual in _WATCHES and first is not None:
        # A run that polls a folder's modification time expects another process to rewrite
        # it: each look may find new weights under the same path.
        m.record_write(first, loc, kind="watched")
        return m.opaque(f"{qual}({describe(first)})", loc)
    if qual in ("os.path.exists", "os.path.isdir", "os.path.isfile", "os.path.getmtime"):
        return m.opaque(f"{qual}({describe(first) if first else ''})", loc)
    if qual == "os.getenv":
        return containers.environment(m, first or Const(""), args.get(1, "default"), loc)
    if qual.startswith("os.environ.") and qual.count(".") == 2:
        found = _environ_method(m, qual.rpartition(".")[2], args, loc)
        if found is not None:
            return found
    if qual in concurrency.LOCKS:
        return concurrency.lock(m, qual, args, loc)
    if qual in _SEEDERS:
        _reseed(m, _SEEDERS[qual], first)
        return NONE
    if qual == "os.chdir" and first is not None:
        m.cwd = from_directory(m.cwd, first)
        return NONE
    if qual in ("os.makedirs", "os.mkdir", "time.sleep"):
        return NONE
    if qual in ("os.listdir", "glob.glob", "glob.iglob", "os.scandir", "os.walk"):
        return SeqSym(
            f"listing#{m.serial()}", f"{qual}({describe(first) if first else ''})", str(loc)
        )
    if qual in ("os.remove", "os.unlink", "shutil.rmtree", "os.rmdir") and first is not None:
        m.record_write(first, loc)
        return NONE
    if qual in _UNPACKS:
        into = args.get(1, "extract_dir")
        m.record_write(into, loc, kind="model")
        return NONE
    if qual in _DOWNLOADS and (local := args.get(None, "local_dir")) is not None:
        # `snapshot_download(repo, revision=..., local_dir=folder)` writes that revision there
        m.record_write(local, loc, kind="model")
        return local if qual.endswith("snapshot_download") else m.opaque(f"{qual}(...)", loc)
    if qual in _COPIES and len(args.positional) >= 2:
        m.record_write(args.positional[1], loc, kind="model")
        return args.positional[1]
    if qual in _SAVES or qual.endswith(".save_file"):
        target = args.get(1, "f") or args.get(1, "filename")
        m.record_write(target, loc, kind="model")
        return NONE
    if qual == "json.loads" and isinstance(first, Const) and isinstance(first.value, str):
        literal = _json_literal(first.value)
        if literal is not None:
            return literal
    if qual in _READERS or qual.startswith("pandas.read_"):
        source = key_text(first) if first is not None else str(m.serial())
        return m.fixed(
            f"data:{qual}:{source}", f"data read by {qual}({describe(first) if first else ''})", loc
        )
    if qual.startswith("hashlib.") and qual.rpartition(".")[2] in _DIGESTS:
        name = qual.rpartition(".")[2]
        source = key_text(first) if first is not None else f"empty#{m.serial()}"
        return DigestV(source, f"{name}({describe(first) if first else ''})", _DIGESTS[name])
    if qual in ("zlib.crc32", "zlib.adler32", "binascii.crc32") and first is not None:
        return Hashed(
            "crc", key_text(first), f"{qual}({describe(first)})", 2**32, 0, True, str(loc)
        )
    if qual in _FINE_CLOCKS:
        return Hashed("clock", f"clock#{m.serial()}", f"{qual}()", None, 0, True, str(loc))
    if qual in _COARSE_CLOCKS:
        return Hashed("coarse-clock", f"clock#{m.serial()}", f"{qual}()", None, 0, True, str(loc))
    if qual in _PER_PROCESS:
        # The same value every time one process asks: an id made from it is one id.
        return m.fixed(f"{qual}#{m.proc}", f"{qual}()", loc)
    if qual in ("uuid.uuid4", "uuid.uuid1"):
        return UuidV(f"uuid#{m.serial()}")
    if qual in ("random.randint", "random.randrange", "secrets.randbelow", "numpy.random.randint"):
        return _random(m, qual, args, loc)
    if qual == "itertools.count":
        start = args.get(0, "start")
        step = args.get(1, "step")
        start_n = start.value if isinstance(start, Const) and isinstance(start.value, int) else None
        step_n = step.value if isinstance(step, Const) and isinstance(step.value, int) else 1
        if start is None or start_n is not None:
            return CounterV(start_n or 0, step_n)
        return m.opaque("an itertools.count with an unknown start", loc)
    if qual in _VLLM_COUNTERS:
        # vLLM's `Counter(start)`: `next()` gives start, start + 1, ...; its `AtomicCounter
        # (initial)`: `inc()` gives initial + 1, ... (the value after adding)
        atomic = qual.endswith("AtomicCounter")
        start = args.get(0, "initial" if atomic else "start")
        first_n = as_int(start) if start is not None else 0
        if first_n is None:
            return m.opaque(f"a {qual.rpartition('.')[2]} with an unknown start", loc)
        return CounterV(first_n + 1 if atomic else first_n)
    if qual == "collections.defaultdict":
        table = DictV(missing=first if first is not None and not is_none(first) else None)
        if len(args.positional) > 1:
            containers.update_dict(m, table, args.positional[1], loc)
        return table
    if qual == "itertools.repeat" and first is not None:
        given = args.get(1, "times")
        if given is None:
            return CycleV([first])  # the same object for ever
        times = as_int(given)
        if times is not None and 0 <= times <= _REPEAT_ITEMS:
            return ListV([first] * times)
    if qual == "itertools.cycle" and first is not None and iteration.is_known_sequence(first):
        items = iteration.plan(m, first, loc, quiet=True)
        return CycleV(items) if items else ListV([])
    if qual == "itertools.product":
        return _product(m, args, loc)
    if qual in ("itertools.chain", "itertools.chain.from_iterable"):
        sources = (
            args.positional
            if qual == "itertools.chain"
            else iteration.plan(m, first or NONE, loc, quiet=True)
        )
        if all(iteration.is_known_sequence(s) for s in sources):
            return ListV([item for s in sources for item in iteration.plan(m, s, loc, quiet=True)])
        return SeqSym(f"chain#{m.serial()}", f"`{loc.code}`", str(loc))
    if qual in _FIFO_QUEUES:
        return QueueV()
    if qual == "functools.partial" and first is not None:
        return PartialV(first, CallArgs(list(args.positional[1:]), dict(args.keywords)))
    if qual in (
        "functools.lru_cache",
        "functools.cache",
        "functools.wraps",
        "functools.update_wrapper",
    ):
        return Ext(qual) if qual != "functools.wraps" else Ext("functools.wraps")
    if qual in _PASS_THROUGH:
        return _pass_through(m, first)
    if qual == "concurrent.futures.wait" and first is not None:
        done = processes.waited(m, first, args)
        if done is not None:
            return done
    if qual in ("copy.copy", "copy.deepcopy"):
        copied = _copy(m, first, qual == "copy.deepcopy", {}, 0)
        return copied if copied is not None else NONE
    if qual in concurrency.GATHERS:
        concurrency.gathered(m)  # the coroutines it is given run together
    if qual == "asyncio.gather":
        return ListV(list(args.positional))
    if qual in ("fire.Fire", "typer.run") and first is not None:
        # Every parameter is a command-line option: its default is one candidate.
        return m.call_value(first, entry_args.arguments(m, first, loc), loc)
    if qual == "dataclasses.asdict" and isinstance(first, InstV | EngineArgsV | NamespaceV):
        fields = classes.field_dict(m, first, loc) if isinstance(first, InstV) else None
        if fields is not None:
            return fields
        attrs = first.kwargs if isinstance(first, EngineArgsV) else first.attrs
        # `asdict(EngineArgs.from_cli_args(args))`: the fields the command line set are unknown
        rest = isinstance(first, EngineArgsV) and first.unknown_rest
        return DictV([Const(k) for k in attrs], list(attrs.values()), open=rest)
    if qual in ("dataclasses.replace", "msgspec.structs.replace", "copy.replace") and first:
        return _replace(m, first, args)
    if qual == "dataclasses.field":
        factory = args.keywords.get("default_factory")
        if factory is not None:
            return m.call_value(factory, CallArgs(), loc)
        return args.keywords.get("default", m.opaque("a dataclass field", loc))
    if qual in _FIND_SPEC and _names_vllm(first):
        # Every verdict is about a run with vLLM installed: its module is found.
        return Ext("importlib.machinery.ModuleSpec")
    if qual in _DOWNLOADS:
        # The local folder of a hub snapshot is named by the repository and the commit it
        # resolves to: asked twice alike in one run, the answer is the same folder.
        parts = [key_text(v) for v in args.positional]
        parts += [f"{k}={key_text(v)}" for k, v in sorted(args.keywords.items())]
        shown = f"{qual.rpartition('.')[2]}({', '.join(describe(v) for v in args.values())})"
        return m.fixed(f"download:{qual}({', '.join(parts)})", shown, loc)
    if qual in _MATCHERS:
        return _match(m, qual, args, loc)
    if qual == "argparse.ArgumentParser":
        return ParserV()
    if qual in ("types.SimpleNamespace", "argparse.Namespace"):
        return NamespaceV(dict(args.keywords), "namespace")
    return None


_MATCHERS = frozenset({"re.search", "re.match", "re.fullmatch"})
_FIND_SPEC = frozenset({"importlib.util.find_spec", "pkgutil.find_loader"})
_DOWNLOADS = frozenset(
    {"huggingface_hub.snapshot_download", "huggingface_hub.hf_hub_download",
     "modelscope.snapshot_download", "modelscope.hub.snapshot_download.snapshot_download"}
)  # fmt: skip
_REGEX_TEXT_LIMIT = 4096
_REGEX_PATTERN_LIMIT = 256
# A quantifier (escaped ones counted too) or a backreference: with at most one quantifier and
# none of these, a match takes at most quadratic time in the text, so no pattern in the
# analysed code can make the analysis hang.
_QUANTIFIER = re.compile(r"[*+?]|\{\d*,?\d*\}")
_BACKREFERENCE = re.compile(r"\\\d|\(\?P=|\(\?[=!<]")


@dataclass(eq=False)
class MatchV(Obj):
    """The match object of `re.search(...)` on text the analysis knows (always true)."""

    text: str


def _names_vllm(value: Value | None) -> bool:
    """`"vllm"` or `"vllm.lora"`: a module of vLLM named by a literal."""
    if not isinstance(value, Const) or not isinstance(value.value, str):
        return False
    return value.value == api.MODULE or value.value.startswith(f"{api.MODULE}.")


def _match(m: Machine, qual: str, args: CallArgs, loc: Loc) -> Value:
    """`re.search(pattern, text)` with both known: the real answer, where it is cheap."""
    pattern, text, flags = args.get(0, "pattern"), args.get(1, "string"), args.get(2, "flags")
    known = (
        isinstance(pattern, Const)
        and isinstance(pattern.value, str)
        and isinstance(text, Const)
        and isinstance(text.value, str)
        and (flags is None or (isinstance(flags, Const) and isinstance(flags.value, int)))
    )
    if not known:
        return m.opaque(f"`{loc.code}`", loc)
    assert isinstance(pattern, Const)
    assert isinstance(text, Const)
    source, subject = str(pattern.value), str(text.value)
    if (
        len(source) > _REGEX_PATTERN_LIMIT
        or len(subject) > _REGEX_TEXT_LIMIT
        or len(_QUANTIFIER.findall(source)) > 1
        or _BACKREFERENCE.search(source)
    ):
        return m.opaque(f"`{loc.code}`", loc)
    mode = flags.value if isinstance(flags, Const) and isinstance(flags.value, int) else 0
    try:
        found = getattr(re, qual.rpartition(".")[2])(source, subject, mode)
    except (re.error, TypeError, ValueError, OverflowError):
        return m.opaque(f"`{loc.code}`", loc)
    return MatchV(found.group(0)) if found is not None else NONE


def _pass_through(m: Machine, value: Value | None) -> Value:
    if isinstance(value, FutureV):  # `ray.get(task.remote(...))`, `await asyncio.wrap_future`
        later_serves.finish(m, value.task)  # the task is over once its result is taken
        return value.value
    if isinstance(value, ListV) and any(isinstance(item, FutureV) for item in value.items):
        return ListV(
            [_pass_through(m, item) if isinstance(item, FutureV) else item for item in value.items]
        )
    if isinstance(value, RequestV):
        return replace(value, rid=value.rid)
    return value if value is not None else NONE


def _copy(
    m: Machine, value: Value | None, deep: bool, memo: dict[int, Value], depth: int
) -> Value | None:
    """`copy.copy` / `copy.deepcopy` of a container or an instance: a new object, so that what
    is done to the copy (`state["next_id"] += 1`) leaves the original as it was. Engines,
    requests and unknown objects stay themselves (a request as `_pass_through` keeps it)."""
    if value is None:
        return None
    if id(value) in memo:
        return memo[id(value)]
    if depth > _COPY_DEPTH:
        return value

    def inner(item: Value) -> Value:
        if not deep:
            return item
        copied = _copy(m, item, deep, memo, depth + 1)
        return copied if copied is not None else item

    if isinstance(value, ListV):
        memo[id(value)] = new_list = ListV([], value.kind)
        new_list.items = [inner(item) for item in value.items]
        return new_list
    if isinstance(value, DictV):
        memo[id(value)] = new_dict = DictV(list(value.keys), [], value.open, value.missing)
        new_dict.values = [inner(item) for item in value.values]
        return new_dict
    if isinstance(value, InstV):
        memo[id(value)] = new_inst = InstV(value.cls, born=m.serial())
        new_inst.attrs = {name: inner(item) for name, item in value.attrs.items()}
        return new_inst
    if isinstance(value, NamespaceV):
        memo[id(value)] = new_ns = NamespaceV({}, value.desc, dict(value.notes))
        new_ns.attrs = {name: inner(item) for name, item in value.attrs.items()}
        return new_ns
    if isinstance(value, CounterV):
        return CounterV(value.next_value, value.step, value.lost)
    return _pass_through(m, value)


def _replace(m: Machine, value: Value, args: CallArgs) -> Value:
    if isinstance(value, RequestV):
        holds = api.FIELD_HOLDS
        changes = {holds[k]: v for k, v in args.keywords.items() if k in holds}
        payload = {k: v for k, v in args.keywords.items() if api.is_content_field(k)}
        if payload:
            changes["content"] = {**value.content, **payload}  # type: ignore[assignment]
        return replace(value, **changes)  # type: ignore[arg-type]
    if isinstance(value, EngineArgsV):
        return EngineArgsV({**value.kwargs, **args.keywords}, value.unknown_rest)
    if isinstance(value, InstV):
        return InstV(value.cls, {**value.attrs, **args.keywords}, born=m.serial())
    return value


# Methods of `os.environ` that change nothing.
_ENVIRON_READS = frozenset({"copy", "keys", "values", "items", "__contains__", "__getitem__",
                            "__iter__", "__len__", "get"})  # fmt: skip


def _environ_method(m: Machine, name: str, args: CallArgs, loc: Loc) -> Value | None:
    """`os.environ.get/pop/setdefault/update`: reads and writes of the run's environment."""
    key = _first(args) or Const("")
    if name == "get":
        return containers.environment(m, key, args.get(1, "default"), loc)
    if name in ("pop", "setdefault"):
        found = containers.environment(m, key, args.get(1, "default"), loc)
        if name == "pop":
            containers.set_environment(m, key, None, loc)
        elif not (isinstance(key, Const) and key.value in m.environ):
            containers.set_environment(m, key, found, loc)
        return found
    if name == "update":
        source = _first(args)
        if source is not None:
            containers.update_environment(m, source, loc)
        for item_name, value in args.keywords.items():
            containers.set_environment(m, Const(item_name), value, loc)
        return NONE
    if name == "__setitem__" and len(args.positional) == 2:
        containers.set_environment(m, key, args.positional[1], loc)
        return NONE
    if name == "__delitem__":
        containers.set_environment(m, key, None, loc)
        return NONE
    if name not in _ENVIRON_READS:  # `clear()`, `popitem()`, ...: anything may have changed
        containers.environment_unknown(m, loc)
    return None


def _random(m: Machine, qual: str, args: CallArgs, loc: Loc) -> Value:
    bounds = [a.value for a in args.positional if isinstance(a, Const) and isinstance(a.value, int)]
    if len(bounds) != len(args.positional) or args.keywords:
        # `randint(1, max_loras)` with a bound only the run knows: how many ids it gives is
        # unknown (not `randrange(1)`, one id)
        return m.opaque(f"`{loc.code}`", loc)
    if qual == "random.randint" and len(bounds) == 2:
        modulus, low = bounds[1] - bounds[0] + 1, bounds[0]
    elif len(bounds) == 1:
        modulus, low = bounds[0], 0
    elif len(bounds) >= 2:
        modulus, low = bounds[1] - bounds[0], bounds[0]
    else:
        return m.opaque(f"`{loc.code}`", loc)
    source, desc = f"random#{m.serial()}", f"{qual}(...)"
    family = _DRAWN_FROM.get(qual)
    if family in m.seeded:
        # the k-th draw since `seed(s)` is the same number whenever the same seed is set again
        seed, drawn = m.seeded[family]
        m.seeded[family] = (seed, drawn + 1)
        source = f"seeded:{family}:{seed}:{drawn}:{modulus}:{low}"
        desc = f"{qual}(...) after seed({seed})"
    return Hashed("random", source, desc, max(modulus, 1), low, low >= 0, str(loc))


# The global generators a draw takes its number from (`secrets` is never seeded).
_DRAWN_FROM = {
    "random.randint": "random",
    "random.randrange": "random",
    "numpy.random.randint": "numpy",
}
_EVERY_GENERATOR = ("random", "numpy", "torch")
# Calls that seed global generators: after one, the draws repeat the same numbers in order.
_SEEDERS: dict[str, tuple[str, ...]] = {
    "random.seed": ("random",),
    "numpy.random.seed": ("numpy",),
    "torch.manual_seed": ("torch",),
    "torch.random.manual_seed": ("torch",),
    "transformers.set_seed": _EVERY_GENERATOR,
    "transformers.trainer_utils.set_seed": _EVERY_GENERATOR,
    "transformers.enable_full_determinism": _EVERY_GENERATOR,
    "accelerate.utils.set_seed": _EVERY_GENERATOR,
    "lightning.seed_everything": _EVERY_GENERATOR,
    "lightning.pytorch.seed_everything": _EVERY_GENERATOR,
    "pytorch_lightning.seed_everything": _EVERY_GENERATOR,
}


# Libraries whose calls seed every generator on the way: a Hugging Face `Trainer` (and TRL's,
# its subclasses) calls `set_seed(args.seed)` when made (42 by default); unsloth's
# `get_peft_model` calls it with `random_state` (3407 by default).
_TRAINER_PACKAGES = ("transformers.", "trl.")
_PEFT_SEEDERS = {"get_peft_model": ("random_state", 3407)}


def library_reseeds(m: Machine, qual: str, args: CallArgs) -> None:
    """Seed the generators where a library call does so itself (`_TRAINER_PACKAGES`)."""
    last = qual.rpartition(".")[2]
    if qual.startswith(_TRAINER_PACKAGES) and last.endswith("Trainer"):
        settings = args.get(1, "args")
        seed: Value = Const(42)
        if settings is not None:
            key = object_key(settings)
            kept = m.unseen.attrs.get((key, ".seed")) if key is not None else None
            made = describe(settings).endswith("(...)")  # `TrainingArguments(...)`: 42 unless set
            if kept is not None or not made:
                seed = kept or m.fixed(f"seed:{key_text(settings)}", f"{describe(settings)}.seed")
        _reseed(m, _EVERY_GENERATOR, seed)
    elif qual.startswith("unsloth.") and last in _PEFT_SEEDERS:
        keyword, default = _PEFT_SEEDERS[last]
        _reseed(m, _EVERY_GENERATOR, args.keywords.get(keyword) or Const(default))


def _reseed(m: Machine, generators: tuple[str, ...], seed: Value | None) -> None:
    """`random.seed(42)`: the generators restart from a state that seed names. A seed of
    None (or none given) is the OS's entropy, and one the analysis cannot name is taken as
    one never set before, so the draws after either stay apart."""
    for generator in generators:
        if seed is None or is_none(seed):
            m.seeded.pop(generator, None)
        elif isinstance(seed, Const | Sym | Hashed | Concat):
            m.seeded[generator] = (key_text(seed), 0)
        else:
            m.seeded[generator] = (f"unnamed#{m.serial()}", 0)


def _product(m: Machine, args: CallArgs, loc: Loc) -> Value:
    if not all(iteration.is_known_sequence(s) for s in args.positional):
        return SeqSym(f"product#{m.serial()}", f"`{loc.code}`", str(loc))
    rows: list[list[Value]] = [[]]
    for source in args.positional:
        items = iteration.plan(m, source, loc, quiet=True)
        rows = [[*row, item] for row in rows for item in items]
        if len(rows) > m.limits.max_items:
            return SeqSym(f"product#{m.serial()}", f"`{loc.code}`", str(loc))
    return ListV([ListV(row, "tuple") for row in rows])


_SHARED_PARTS = frozenset({"parent", "name", "stem"})


def path_attribute(m: Machine, value: Value, name: str, loc: Loc) -> Value | None:
    """`.parent`, `.name`, `.stem`, `.suffix` of a path-like value."""
    if isinstance(value, Const) and isinstance(value.value, str):
        text = value.value.rstrip("/") or value.value
        stem, suffix = posixpath.splitext(posixpath.basename(text))
        found = {"parent": posixpath.dirname(text) or ".", "name": posixpath.basename(text),
                 "stem": stem, "suffix": suffix}.get(name)  # fmt: skip
        return Const(found) if found is not None else None
    if isinstance(value, Concat) and name == "parent":
        *head, tail = value.parts
        if (
            isinstance(tail, Const)
            and isinstance(tail.value, str)
            and "/" in tail.value.rstrip("/")
        ):
            return concat(*head, Const(tail.value.rstrip("/").rpartition("/")[0]))
    if isinstance(value, Concat) and name in ("name", "stem"):
        tail = value.parts[-1]
        if isinstance(tail, Const) and isinstance(tail.value, str) and "/" in tail.value:
            return path_attribute(m, Const(tail.value.rpartition("/")[2]), name, loc)
    if name in ("parent", "name", "stem", "suffix") and isinstance(value, Sym | Concat):
        if isinstance(value, Sym):
            part = derived(m, value, f".{name}", f"{value.describe()}.{name}", loc)
            # One path's part is itself, but two paths may share one (`run-a/final` and
            # `run-b/final` end alike): never taken to differ from another path's.
            return replace(part, opaque=True) if name in _SHARED_PARTS else part
        return m.opaque(f"{describe(value)}.{name}", loc)
    return None


def attribute(m: Machine, owner: Value, name: str, loc: Loc) -> Value | None:
    if isinstance(owner, UuidV):
        if name == "int":
            return Hashed("random", owner.source, "uuid4().int", 2**128, 0, True, str(loc))
        if name == "hex":
            return HashText(owner.source, "uuid4().hex", 128)
    if is_text(owner) or isinstance(owner, Sym):
        return path_attribute(m, owner, name, loc)
    return None


_PATH_METHODS = frozenset(
    {"resolve", "absolute", "expanduser", "as_posix", "__str__", "__fspath__"}
)


def _queue_method(m: Machine, queue: QueueV, name: str, args: CallArgs, loc: Loc) -> Value | None:
    """`put` keeps the item, `get` hands back the oldest one kept, or an unknown from an empty
    queue; None (the call's result is unknown) for every other method (`empty()`, `qsize()`:
    they depend on when the other side runs)."""
    if name in ("put", "put_nowait") and args.positional:
        queue.items.append(args.positional[0])
        return NONE
    if name in ("get", "get_nowait"):
        return queue.items.pop(0) if queue.items else m.opaque(f"`{loc.code}`", loc)
    return None


def _path_like(value: Value) -> bool:
    return is_text(value) or isinstance(value, Sym | Concat)


def method(m: Machine, receiver: Value, name: str, args: CallArgs, loc: Loc) -> Value | None:
    if isinstance(receiver, QueueV):
        return _queue_method(m, receiver, name, args, loc)
    if isinstance(receiver, DigestV):
        if name == "hexdigest":
            return HashText(receiver.source, f"{receiver.desc}.hexdigest()", receiver.bits)
        if name == "digest":
            return HashText(receiver.source, f"{receiver.desc}.digest()", receiver.bits)
        if name == "update" and args.positional:
            receiver.source = f"{receiver.source}+{key_text(args.positional[0])}"
            return NONE
        return None
    if isinstance(receiver, HashText) and name in ("encode", "lower", "upper"):
        return receiver
    if containers.is_environ(receiver):
        return _environ_method(m, name, args, loc)
    if not (is_text(receiver) or isinstance(receiver, Sym)):
        return None
    if name in _PATH_METHODS:
        return receiver
    if name == "joinpath":
        return join_path(m, [receiver, *args.positional], loc)
    if name in ("with_suffix", "with_name") and isinstance(_first(args), Const):
        return _with_part(receiver, name, _first(args)) or m.opaque(f"`{loc.code}`", loc)
    if name in ("exists", "is_dir", "is_file"):
        return _file_test(m, name, receiver, f"{describe(receiver)}.{name}()", loc)
    if name in ("mkdir", "touch"):
        return NONE
    if name == "stat":  # `Path(folder).stat().st_mtime`: see `_WATCHES`
        m.record_write(receiver, loc, kind="watched")
        return m.opaque(f"{describe(receiver)}.stat()", loc)
    if name in ("glob", "rglob", "iterdir"):
        return SeqSym(f"listing#{m.serial()}", f"{describe(receiver)}.{name}(...)", str(loc))
    if name in ("write_text", "write_bytes", "unlink", "rmdir"):
        m.record_write(receiver, loc)
        return NONE
    moved = args.positional[0] if len(args.positional) == 1 and not args.keywords else None
    if name in ("rename", "replace") and moved is not None and _path_like(moved):
        # `Path(ckpt).rename(live)` moves a folder into `live`'s place; the source goes too.
        # (`str.replace` takes two arguments, a DataFrame's `rename` a mapping: neither is this.)
        m.record_write(moved, loc)
        m.record_write(receiver, loc)
        return moved
    if name in ("symlink_to", "hardlink_to") and moved is not None:
        m.record_write(receiver, loc)  # `Path(live).symlink_to(ckpt)`: `live` is new weights
        return NONE
    if name in ("read_text", "read_bytes"):
        committed = _committed_file(m, receiver, binary=name == "read_bytes")
        if committed is not None:
            return committed
        # Read again, the file may hold something else: this run or another process (a
        # trainer that rewrites `latest.txt` with each step's folder) may have written it
        # since, as for `open(path).read()`.
        return m.opaque(f"the contents of {describe(receiver)}", loc)
    if name == "open":
        return builtins_model.call(
            m, "open", CallArgs([receiver, *args.positional], args.keywords), loc
        )
    if name == "format" and isinstance(receiver, Concat):
        return m.opaque(f"`{loc.code}`", loc)
    return None
