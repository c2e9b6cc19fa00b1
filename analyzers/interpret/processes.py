"""Process boundaries: scripts (`subprocess`, `os.system`) and functions (`multiprocessing`).

A child process starts with an empty LoRA cache. A script is resolved inside the repository and
recorded (its own row decides its exposure); a function target is interpreted in a fresh process
context. A pool reuses its worker processes, so tasks share a cache unless each task gets a fresh
worker (`max_tasks_per_child=1`). A Ray actor is a process of its own; a Ray task may run in the
worker of an earlier task of its function (`_task_worker`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret import concurrency, iteration, later_serves
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.containers import key_text, spread_keywords
from analyzers.interpret.folders import PROCESS_ITEM, THREAD_ITEM
from analyzers.interpret.objects import EngineV, PartialV
from analyzers.interpret.syntax import dotted
from analyzers.interpret.trace import Spawned
from analyzers.interpret.values import (
    NONE,
    BoundExt,
    ClassV,
    Concat,
    Const,
    Ext,
    FuncV,
    InstV,
    ListV,
    Obj,
    Value,
    concat,
    describe,
)

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine

_COMMANDS = frozenset(
    {"subprocess.run", "subprocess.call", "subprocess.check_call", "subprocess.check_output",
     "subprocess.Popen", "os.system", "os.popen", "os.execv", "os.execvp", "os.spawnv",
     "asyncio.create_subprocess_exec", "asyncio.create_subprocess_shell"}
)  # fmt: skip
_PROCESS = frozenset({"multiprocessing.Process", "torch.multiprocessing.Process", "Process"})
_POOLS = frozenset(
    {"concurrent.futures.ProcessPoolExecutor", "multiprocessing.Pool", "ProcessPoolExecutor",
     "multiprocessing.pool.Pool", "torch.multiprocessing.Pool"}
)  # fmt: skip
_THREADS = frozenset(
    {"concurrent.futures.ThreadPoolExecutor", "ThreadPoolExecutor", "threading.Thread"}
)
_SCRIPT = re.compile(r"[\w./-]+\.py\b")
# Calls that run `func(*args, **kwargs)` in a worker thread of the caller's process.
_IN_THREAD = frozenset(
    {"asyncio.to_thread", "anyio.to_thread.run_sync", "starlette.concurrency.run_in_threadpool",
     "fastapi.concurrency.run_in_threadpool", "asyncer.asyncify"}
)  # fmt: skip


@dataclass(eq=False)
class ProcessV(Obj):
    target: Value
    args: CallArgs
    thread: bool = False
    task: int = 0  # a started thread's serves end when it is joined (`later_serves.finish`)


@dataclass(eq=False)
class PoolV(Obj):
    """A process pool (or, with `thread`, a thread pool that shares the caller's process)."""

    fresh_per_task: bool
    proc: int
    thread: bool = False
    results: list[Value] = field(default_factory=list)
    # `multiprocessing.Pool(processes)`: its `map` hands each worker task a chunk of items
    chunked: bool = False
    processes: Value | None = None
    # `Pool(initializer=f, initargs=(...))`: each worker process runs it before its first task
    initializer: Value | None = None
    initargs: list[Value] = field(default_factory=list)
    initialised: set[int] = field(default_factory=set)
    tasks: list[int] = field(default_factory=list)  # submitted ones, beside the run until waited
    single: bool = False  # a thread pool of one worker (`max_workers=1`): its tasks run in turn


@dataclass(eq=False)
class FutureV(Obj):
    value: Value
    task: int = 0  # a thread pool task's serves end when its result is taken


@dataclass(eq=False)
class ActorV(Obj):
    """A Ray actor (`Cls.remote(...)`): an instance living in its own process."""

    instance: Value
    proc: int


def call(m: Machine, qual: str, args: CallArgs, loc: Loc) -> Value | None:
    if qual == "ray.remote":
        return _ray_remote(args)
    if qual in _IN_THREAD and args.positional:
        func, rest = args.positional[0], args.positional[1:]
        start = len(m.trace.facts)
        done = _run_child(m, func, CallArgs(list(rest), dict(args.keywords)), loc, m.proc)
        if concurrency.made_to_run_beside(args.call):  # `gather(*(to_thread(f, x) ...))`
            concurrency.started(m, start, concurrency.COROUTINE)
        return done
    if qual in _COMMANDS or qual.endswith(".create_subprocess_exec"):
        return _command(m, qual, args, loc)
    short = qual.rpartition(".")[2]
    if short == "get_context" and "multiprocessing" in qual:
        # `mp.get_context("spawn").Pool(...)`: the context has the module's Pool and Process
        return Ext(qual.removesuffix(".get_context"))
    if qual in _PROCESS or (short == "Process" and "multiprocessing" in qual):
        target = args.get(None, "target") or (
            args.positional[1] if len(args.positional) > 1 else None
        )
        if target is None:
            return None
        inner = args.get(None, "args")
        positional = iteration.plan(m, inner, loc, quiet=True) if inner is not None else []
        kwargs = args.get(None, "kwargs")
        keywords: dict[str, Value] = {}
        if kwargs is not None:
            spread_keywords(kwargs, keywords)
        return ProcessV(target, CallArgs(positional, keywords))
    if qual in _THREADS:
        target = args.get(None, "target")
        if short == "Thread" and target is not None:
            inner = args.get(None, "args")
            positional = iteration.plan(m, inner, loc, quiet=True) if inner is not None else []
            kwargs = args.get(None, "kwargs")
            thread_keywords: dict[str, Value] = {}
            if kwargs is not None:
                spread_keywords(kwargs, thread_keywords)
            return ProcessV(target, CallArgs(positional, thread_keywords), thread=True)
        workers = args.get(0, "max_workers")
        one = isinstance(workers, Const) and workers.value == 1
        return PoolV(False, m.proc, thread=True, single=one)
    if qual in _POOLS or (short in ("Pool", "ProcessPoolExecutor") and "multiprocessing" in qual):
        per_task = args.get(None, "max_tasks_per_child") or args.get(None, "maxtasksperchild")
        fresh = isinstance(per_task, Const) and per_task.value == 1
        chunked = "Executor" not in short
        processes = args.get(0, "processes") if chunked else None
        initializer = args.get(2 if chunked else 1, "initializer")
        initargs = args.get(3 if chunked else 2, "initargs")
        return PoolV(
            fresh,
            m.new_process(),
            chunked=chunked,
            processes=processes,
            initializer=initializer if initializer is not None and _callable(initializer) else None,
            initargs=iteration.plan(m, initargs, loc, quiet=True) if initargs is not None else [],
        )
    return None


def _command(m: Machine, qual: str, args: CallArgs, loc: Loc) -> Value:
    command = args.positional[0] if args.positional else args.get(None, "args")
    parts: list[Value]
    if qual.endswith("create_subprocess_exec") or qual.startswith("os.exec"):
        parts = list(args.positional)
    elif isinstance(command, ListV):
        parts = list(command.items)
    else:
        parts = [command] if command is not None else []
    targets = _scripts(m, parts, loc)
    for written in command_writes(_words(parts)):
        m.record_write(written, loc, kind="model")
    m.trace.facts.append(
        Spawned(targets, describe(command) if command is not None else qual, loc, bool(m.loops))
    )
    return m.opaque(f"{qual}(...)", loc)


# Programs that copy or unpack into their last argument (`cp -r src dest`, `rsync -a src/ dest/`)
_COPIERS = frozenset({"cp", "rsync", "mv", "scp", "rclone", "gsutil", "aws", "ln", "install"})
# Options whose value is a folder the program writes: unpackers' targets, scripts' outputs.
_INTO = frozenset(
    {"-C", "--directory", "-d", "--local-dir", "--local_dir", "-o", "--out", "--output",
     "--output-dir", "--output_dir", "--out-dir", "--out_dir", "--save-dir", "--save_dir",
     "--save-path", "--save_path", "--dest", "--destination", "--target-dir", "--target_dir",
     "--checkpoint-dir", "--checkpoint_dir", "--adapter-dir", "--adapter_dir"}
)  # fmt: skip


def command_writes(words: list[Value]) -> list[Value]:
    """The folders a command line writes, as far as its words say: a copier's destination and
    the value of an output option (`--output_dir runs/x`, `--out=runs/x`, `tar -C dest`)."""
    texts = [_literal_text(word) for word in words]
    found: list[Value] = []
    for index, text in enumerate(texts):
        if text is None:
            continue
        if text in _INTO and index + 1 < len(words):
            found.append(words[index + 1])
        elif text.startswith("--") and text.partition("=")[0] in _INTO and "=" in text:
            found.append(Const(text.partition("=")[2]))
    for start, end in _commands(texts):
        program = texts[start]
        if program is None or program.rpartition("/")[2] not in _COPIERS:
            continue
        operands = [
            word
            for word, text in zip(words[start:end], texts[start:end], strict=True)
            if not (text or "").startswith("-")
        ]
        if len(operands) >= 3:  # the program, at least one source, the destination
            found.append(operands[-1])
    return found


# Words of a shell line that end one command and start the next (`rm -rf d && cp -r s d`).
_SEPARATORS = frozenset({"&&", "||", ";", "|", "&"})


def _commands(texts: list[str | None]) -> list[tuple[int, int]]:
    """Where each command of a shell line starts and ends, by its words."""
    spans: list[tuple[int, int]] = []
    start = 0
    for index, text in enumerate([*texts, ";"]):
        if text in _SEPARATORS:
            if index > start:
                spans.append((start, index))
            start = index + 1
    return spans


def _literal_text(word: Value) -> str | None:
    return word.value if isinstance(word, Const) and isinstance(word.value, str) else None


def _words(parts: list[Value]) -> list[Value]:
    """A command's words: a list's items, or a shell string split at its literal spaces."""
    if len(parts) != 1 or not isinstance(parts[0], Concat | Const):
        return parts
    pieces = parts[0].parts if isinstance(parts[0], Concat) else (parts[0],)
    words: list[Value] = []
    current: list[Value] = []
    for piece in pieces:
        text = _literal_text(piece)
        if text is None:
            current.append(piece)
            continue
        chunks = text.split(" ")
        for index, chunk in enumerate(chunks):
            if index and current:
                words.append(concat(*current))
                current = []
            if chunk:
                current.append(Const(chunk))
    if current:
        words.append(concat(*current))
    return words


def _scripts(m: Machine, parts: list[Value], loc: Loc) -> list[str]:
    found: list[str] = []
    texts: list[str] = []
    for index, part in enumerate(parts):
        if isinstance(part, Const) and part.value == "-m" and index + 1 < len(parts):
            module = parts[index + 1]
            if isinstance(module, Const) and isinstance(module.value, str):
                resolved = m.loader.resolve_module_path(module.value)
                if resolved is not None:
                    found.append(resolved)
        pieces = part.parts if isinstance(part, Concat) else (part,)
        texts += [str(p.value) for p in pieces if isinstance(p, Const) and isinstance(p.value, str)]
    for text in texts:
        for match in _SCRIPT.finditer(text):
            resolved = m.loader.resolve_script(match.group(0), loc.path)
            if resolved is not None and resolved not in found:
                found.append(resolved)
    return found


def method(m: Machine, receiver: Value, name: str, args: CallArgs, loc: Loc) -> Value | None:
    if isinstance(receiver, ProcessV):
        if name == "start" and receiver.thread:
            receiver.task = _run_thread(m, receiver.target, receiver.args, loc)
        elif name == "join":
            later_serves.finish(m, receiver.task)
        elif name == "start":
            _, receiver.task = _started(
                m, lambda: _run_child(m, receiver.target, receiver.args, loc, None), PROCESS_ITEM
            )
        elif name == "run":
            _run_child(
                m, receiver.target, receiver.args, loc, None if not receiver.thread else m.proc
            )
        return NONE
    if isinstance(receiver, PoolV):
        if _waits_for_tasks(name, args):
            end_tasks(m, receiver)
            return NONE
        return _pool_method(m, receiver, name, args, loc)
    if isinstance(receiver, FutureV) and name == "result":
        later_serves.finish(m, receiver.task)
        return receiver.value
    if name == "run_in_executor" and len(args.positional) >= 2:
        # `loop.run_in_executor(executor, func, *args)`: None is the loop's thread pool.
        executor, func = args.positional[0], args.positional[1]
        inner = CallArgs(list(args.positional[2:]))
        if isinstance(executor, PoolV):
            return _in_pool(m, executor, func, inner, loc)
        return _run_child(m, func, inner, loc, m.proc)
    if name == "submit" and args.positional and _callable(args.positional[0]):
        # An executor the analysis cannot see: the task runs in this process, as a thread
        # pool's does (sharing the caller's engines is the case that can go stale).
        func = args.positional[0]
        inner = CallArgs(list(args.positional[1:]), dict(args.keywords))
        return _beside(m, lambda: _run_child(m, func, inner, loc, m.proc))
    return None


_THREAD_BASES = frozenset({"threading.Thread", "Thread"})
_PROCESS_BASES = frozenset({"multiprocessing.Process", "torch.multiprocessing.Process"})


def start_subclass(m: Machine, instance: InstV, loc: Loc) -> bool:
    """`Worker(...).start()` on a subclass of `threading.Thread` or `multiprocessing.Process`
    with its own `run()`: the thread runs beside the caller (its folder writes go on while
    the caller serves), the process with a cache of its own."""
    kind = _started_kind(instance.cls, set())
    run = m.get_attribute(instance, "run", loc)
    if kind is None or not isinstance(run, FuncV):
        return False
    if kind == "thread":
        instance.task = _run_thread(m, run, CallArgs([]), loc)
    else:
        _, instance.task = _started(
            m, lambda: _run_child(m, run, CallArgs([]), loc, None), PROCESS_ITEM
        )
    return True


def join_subclass(m: Machine, instance: InstV) -> bool:
    """`worker.join()` on a started subclass of `Thread` or `Process` (its class defines no
    `join` of its own): it serves no more."""
    if not instance.task:
        return False
    later_serves.finish(m, instance.task)
    return True


def _started_kind(cls: ClassV, seen: set[int]) -> str | None:
    if id(cls) in seen:
        return None
    seen.add(id(cls))
    for base in cls.bases:
        if isinstance(base, Ext) and base.qual in _THREAD_BASES:
            return "thread"
        if isinstance(base, Ext) and base.qual in _PROCESS_BASES:
            return "process"
        if isinstance(base, ClassV) and (found := _started_kind(base, seen)) is not None:
            return found
    return None


def _callable(value: Value) -> bool:
    return isinstance(value, FuncV | ClassV | BoundExt | PartialV)


@dataclass(eq=False)
class RayOptionsV(Obj):
    """`Actor.options(...)` / `f.options(...)`: the target with the options of its next call."""

    target: Value
    options: dict[str, Value]


def _ray_remote(args: CallArgs) -> Value | None:
    """`ray.remote` called on a library class rather than written as a decorator:
    `ray.remote(LLM)`, or `ray.remote(num_gpus=1)(LLM)` (a decorator that gives its target
    those options), whose `.remote(...)` makes the engine an actor.

    The same call on a class of the repository (`ray.remote(Worker)`) is not followed yet:
    it sent SkyRL's server tests through the whole server start-up, past the step budget
    (its cold scan 15 s -> 42 s, a Safe-by-eviction row Indeterminate)."""
    if args.star is not None or args.star_star is not None or len(args.positional) > 1:
        return None
    if not args.positional:
        return PartialV(Ext("ray.remote"), CallArgs([], dict(args.keywords)))
    target = args.positional[0]
    return RayOptionsV(target, dict(args.keywords)) if isinstance(target, Ext) else None


def remote(
    m: Machine, target: Value, args: CallArgs, loc: Loc, options: dict[str, Value] | None = None
) -> Value:
    """Ray's `f.remote(...)` / `Actor.remote(...)`: a task or actor in a process of its own.

    A named actor asked for with `get_if_exists=True` is the live one of that name, once made:
    the same process, and the same engine, however often the code asks for it."""
    named = _named_actor(options or {})
    if isinstance(target, ClassV) and named is not None and named in m.named_actors:
        return m.named_actors[named]
    if isinstance(target, ClassV):
        m.trace.facts.append(Spawned([], describe(target), loc, bool(m.loops), function=True))
        actor = ActorV(*_made_in_process(m, target, args, loc))
        if named is not None:
            m.named_actors[named] = actor
        return actor
    if isinstance(target, Ext):
        # A library class made an actor (`ray.remote(LLM).remote(model, enable_lora=True)`):
        # a vLLM engine lives in its own process and its methods are called there.
        made, proc = _made_in_process(m, target, args, loc)
        if isinstance(made, EngineV):
            m.trace.facts.append(Spawned([], describe(target), loc, bool(m.loops), function=True))
            return ActorV(made, proc)
        return m.opaque(f"{describe(target)}.remote(...)", loc)
    # Both run beside the caller until `ray.get` takes their result (`later_serves.py`).
    if isinstance(target, ActorMethodV):
        method, proc = target.method, target.actor.proc
        return _beside(m, lambda: _run_child(m, method, args, loc, proc), PROCESS_ITEM)
    worker = _task_worker(m, target, loc)
    return _beside(m, lambda: _run_child(m, target, args, loc, worker), PROCESS_ITEM)


def _made_in_process(m: Machine, target: Value, args: CallArgs, loc: Loc) -> tuple[Value, int]:
    """What calling `target` makes, made in a process of its own (an actor's), and that
    process."""
    proc = m.new_process()
    saved, m.proc = m.proc, proc
    try:
        return m.call_value(target, args, loc), proc
    finally:
        m.proc = saved


def _named_actor(options: dict[str, Value]) -> str | None:
    name, reuse = options.get("name"), options.get("get_if_exists")
    if not (isinstance(reuse, Const) and reuse.value is True):
        return None
    return None if name is None else f"actor:{key_text(name)}"


def _task_worker(m: Machine, target: Value, loc: Loc) -> int | None:
    """The process a Ray task runs in: None for a fresh one.

    Ray keeps a task's worker process for later tasks of the same function unless the
    function is declared `max_calls=1`, which Ray also makes the default of a function that
    asks for GPUs (`@ray.remote(num_gpus=1)`). Whether the scheduler hands a later task
    the worker of an earlier one is the world's decision; when it does, their module
    globals (an engine built once per worker) and so their cache are shared.
    """
    if not isinstance(target, FuncV) or _fresh_worker_per_task(target.node):
        return None
    name = getattr(target.node, "name", "the function")
    key = f"{target.module.path}:{getattr(target.node, 'lineno', 0)}"
    text = f"whether Ray runs a later `{name}` task in the worker of an earlier one"
    if not m.ask(text, f"ray-worker:{key}", default=True):
        return None
    m.trace.assume_input(f"Ray running later `{name}` tasks in the worker of an earlier one")
    if key not in m.task_workers:
        m.task_workers[key] = m.new_process()
    return m.task_workers[key]


def _fresh_worker_per_task(node: ast.AST) -> bool:
    """`@ray.remote(max_calls=1)`, or GPUs asked for with `max_calls` left to Ray."""
    for decorator in getattr(node, "decorator_list", ()):
        if not isinstance(decorator, ast.Call) or not (dotted(decorator.func) or "").endswith(
            "remote"
        ):
            continue
        options = {
            keyword.arg: keyword.value.value
            for keyword in decorator.keywords
            if keyword.arg and isinstance(keyword.value, ast.Constant)
        }
        max_calls, gpus = options.get("max_calls"), options.get("num_gpus")
        if max_calls == 1:
            return True
        named = {keyword.arg for keyword in decorator.keywords}
        if "max_calls" not in named and isinstance(gpus, int | float) and gpus > 0:
            return True
    return False


@dataclass(eq=False)
class ActorMethodV(Obj):
    """`actor.method`: called through `.remote(...)` in the actor's process."""

    actor: ActorV
    method: Value


def actor_attribute(m: Machine, actor: ActorV, name: str, loc: Loc) -> Value:
    return ActorMethodV(actor, m.get_attribute(actor.instance, name, loc))


def _pool_method(m: Machine, pool: PoolV, name: str, args: CallArgs, loc: Loc) -> Value | None:
    if not args.positional:
        return NONE
    func, rest = args.positional[0], args.positional[1:]
    if name in ("submit", "apply", "apply_async"):
        inner = rest
        if name != "submit" and rest:
            inner = iteration.plan(m, rest[0], loc, quiet=True)
        task = CallArgs(list(inner), dict(args.keywords))
        if name in ("submit", "apply_async"):
            by = THREAD_ITEM if pool.thread else PROCESS_ITEM
            start = len(m.trace.facts)
            future = _beside(m, lambda: _in_pool(m, pool, func, task, loc), by)
            pool.tasks.append(future.task)
            if pool.thread and not pool.single:  # one engine, called from threads at once
                concurrency.started(m, start, concurrency.THREAD, future.task)
            return future
        return FutureV(_in_pool(m, pool, func, task, loc))
    if name in ("map", "imap", "imap_unordered", "starmap", "starmap_async", "map_async"):
        results: list[Value] = []
        known = all(iteration.is_known_sequence(source) for source in rest[:1])
        if pool.chunked:
            rest = rest[:1]  # `Pool.map(func, iterable, chunksize)`
        columns = [iteration.plan(m, source, loc) for source in rest]
        count = min((len(column) for column in columns), default=0)
        chunk = _chunk_size(m, pool, name, args, count=count if known else None, loc=loc)
        worker = pool.proc
        starts: list[int] = []
        for index in range(count):
            row = [column[index] for column in columns]
            if name.startswith("starmap"):
                row = iteration.plan(m, row[0], loc, quiet=True)
            if chunk > 1 and pool.fresh_per_task and not pool.thread:
                # One task is one chunk: its items share the fresh worker that runs it.
                if index % chunk == 0:
                    worker = m.new_process()  # `_run_child` records the start
                _initialise(m, pool, worker, loc)
                results.append(_run_child(m, func, CallArgs(row), loc, worker))
            else:
                starts.append(len(m.trace.facts))
                results.append(_in_pool(m, pool, func, CallArgs(row), loc))
        if pool.thread and not pool.single:  # the items run on the pool's threads at once
            concurrency.run_together(m, starts)
        return ListV(results)
    return None


def _waits_for_tasks(name: str, args: CallArgs) -> bool:
    """`pool.shutdown()` (an executor waits unless told not to), `pool.join()` and
    `pool.terminate()` (a process pool's tasks are over, or killed)."""
    if name in ("join", "terminate"):
        return True
    if name == "shutdown":
        wait = args.get(0, "wait")
        return wait is None or (isinstance(wait, Const) and wait.value is True)
    return False


def end_tasks(m: Machine, pool: PoolV) -> None:
    """Every task submitted to `pool` is over: it serves beside the run no more (the pool's
    `with` block left, `shutdown()`, `join()`)."""
    for task in pool.tasks:
        later_serves.finish(m, task)
    pool.tasks.clear()


def waited(m: Machine, futures: Value, args: CallArgs) -> Value | None:
    """`concurrent.futures.wait(futures)`: each task is over when it returns (none with a
    timeout, or when it returns at the first one done); `(done, not_done)`. None: not a list
    of the run's own futures."""
    if not isinstance(futures, ListV) or not futures.items:
        return None
    if not all(isinstance(item, FutureV) for item in futures.items):
        return None
    timeout, when = args.get(1, "timeout"), args.get(2, "return_when")
    if timeout is not None and not (isinstance(timeout, Const) and timeout.value is None):
        return None
    if when is not None and not _all_completed(when):
        return None
    for item in futures.items:
        assert isinstance(item, FutureV)
        later_serves.finish(m, item.task)
    return ListV([ListV(list(futures.items)), ListV([])])


def _all_completed(value: Value) -> bool:
    if isinstance(value, Const):
        return value.value == "ALL_COMPLETED"
    return isinstance(value, Ext) and value.qual.endswith(".ALL_COMPLETED")


def _chunk_size(
    m: Machine, pool: PoolV, name: str, args: CallArgs, *, count: int | None, loc: Loc
) -> int:
    """How many items one task of a `map` hands a worker. `multiprocessing.Pool.map` splits
    n items into chunks of ceil(n / (4 * processes)) unless told; an `Executor` and `imap`
    take one at a time. Where that depends on the machine (its CPU count) or the number of
    items, the world decides between one item per task and two."""
    given = args.get(2, "chunksize") if pool.chunked else args.get(None, "chunksize")
    if given is None and (not pool.chunked or name.startswith("imap")):
        return 1
    if given is not None:
        size = given.value if isinstance(given, Const) else None
        if isinstance(size, int) and size >= 1:
            return size
    elif count is not None:
        processes = pool.processes.value if isinstance(pool.processes, Const) else None
        if count <= 4:
            return 1  # at least one process, so at most ceil(4 / 4) items per chunk
        if isinstance(processes, int) and processes >= 1:
            return -(-count // (4 * processes))
    text = f"whether `{loc.code}` hands a worker several items in one task (its chunksize)"
    if not m.ask(text, f"pool-chunks:{loc}", default=False):
        return 1
    m.trace.assume_input(text.removeprefix("whether "))
    return 2


def _in_pool(m: Machine, pool: PoolV, func: Value, args: CallArgs, loc: Loc) -> Value:
    if pool.thread:
        return _run_child(m, func, args, loc, m.proc)
    worker = m.new_process() if pool.fresh_per_task else pool.proc
    _initialise(m, pool, worker, loc)
    return _run_child(m, func, args, loc, worker)


def _initialise(m: Machine, pool: PoolV, worker: int, loc: Loc) -> None:
    """Run the pool's `initializer` in a worker process before the worker's first task."""
    if pool.initializer is None or worker in pool.initialised:
        return
    pool.initialised.add(worker)
    _run_child(m, pool.initializer, CallArgs(list(pool.initargs)), loc, worker)


def _run_thread(m: Machine, func: Value, args: CallArgs, loc: Loc) -> int:
    """A started thread: run in the caller's process, its folder writes kept as going on
    beside the caller (`folders.concurrent_writes`), and what it serves as going on after the
    caller's writes until it is joined (`later_serves.py`), beside the caller's other
    threads (`concurrency.py`); its task number."""
    before, start = len(m.writes), len(m.trace.facts)
    _, task = _started(m, lambda: _run_child(m, func, args, loc, m.proc), THREAD_ITEM)
    m.concurrent.extend(m.writes[before:])
    concurrency.started(m, start, concurrency.THREAD, task)
    return task


def _beside(m: Machine, run: Callable[[], Value], by: str = THREAD_ITEM) -> FutureV:
    """A task handed to a thread pool (`executor.submit(rollout, ...)`), or to Ray: it serves
    beside the caller until its result is taken (`later_serves.py`)."""
    return FutureV(*_started(m, run, by))


def _started(m: Machine, run: Callable[[], Value], by: str) -> tuple[Value, int]:
    """Run a thread, process or task started here, at once: what it serves goes on beside the
    run, after the run's later writes, until it ends (`later_serves.py`). Its result, and its
    task number."""
    facts = len(m.trace.facts)
    value = run()
    task = m.serial()
    later_serves.defer(m, m.trace.facts[facts:], by=by, task=task)
    return value, task


def _run_child(m: Machine, func: Value, args: CallArgs, loc: Loc, proc: int | None) -> Value:
    """Run `func(*args)` in a child process context (`proc` None: a fresh process)."""
    if proc is None or proc != m.proc:
        m.trace.facts.append(Spawned([], describe(func), loc, bool(m.loops), function=True))
    saved = m.proc
    m.proc = proc if proc is not None else m.new_process()
    try:
        return m.call_value(func, args, loc)
    finally:
        m.proc = saved


def entered(manager: Value) -> Value | None:
    return manager if isinstance(manager, PoolV | ProcessV) else None
