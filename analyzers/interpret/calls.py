"""Calls into the repository's own code: functions, methods, classes, decorators, `with` blocks."""

from __future__ import annotations

import ast
import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret import (
    callee_raises,
    classes,
    concurrency,
    entry_args,
    later_serves,
    library,
    processes,
    relevant,
    unseen,
    vllm_api,
)
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.containers import key_text
from analyzers.interpret.folders import GENERATOR, TASK_ITEM
from analyzers.interpret.objects import EngineV, MockV, PartialV, RequestV
from analyzers.interpret.runtime import Consumer, Frame
from analyzers.interpret.scope import Scope
from analyzers.interpret.signals import Raised, ReturnValue
from analyzers.interpret.syntax import (
    FUNCTIONS,
    Definition,
    Function,
    dotted,
    node_memo,
    parameters,
)
from analyzers.interpret.values import (
    NONE,
    BoundExt,
    ClassV,
    Const,
    DictV,
    Ext,
    FuncV,
    InstV,
    LazyImport,
    ListV,
    ModV,
    Obj,
    SuperV,
    Value,
    describe,
)

if TYPE_CHECKING:
    from analyzers.files.program import Module
    from analyzers.interpret.machine import Machine

_MEMO_DECORATORS = ("functools.lru_cache", "functools.cache", "lru_cache", "cache")
_CONTEXT_DECORATORS = ("contextlib.contextmanager", "contextlib.asynccontextmanager")
_FLAG_DECORATORS = ("staticmethod", "classmethod", "property", "cached_property")
_CACHED_PROPERTY = ("functools.cached_property", "cached_property")
# Decorators that make the function one implementation among several, picked by the type of
# an argument at run time (`@format_input.register(str)` adds the others).
_DISPATCHERS = (
    "functools.singledispatch",
    "functools.singledispatchmethod",
    "singledispatch",
    "singledispatchmethod",
)
_RAY_METHODS = ("remote", "options")  # Ray tasks and actors: a process of their own


@dataclass(eq=False)
class ContextCallV(Obj):
    """The result of calling a `@contextmanager` function: runs when a `with` enters it."""

    func: FuncV
    args: CallArgs
    loc: Loc


# -- definitions ---------------------------------------------------------------------------


def evaluate_defaults(m: Machine, node: Definition, scope: Scope) -> dict[str, Value]:
    defaults: dict[str, Value] = {}
    for param in parameters(node).with_defaults():
        assert param.default is not None
        defaults[param.name] = m.eval(param.default, scope)
    return defaults


def define_function(m: Machine, node: Function, scope: Scope) -> Value:
    func = FuncV(node, scope.module, scope, evaluate_defaults(m, node, scope), node.name)
    result: Value = func
    for decorator in reversed(node.decorator_list):
        loc = m.loc(scope.module, decorator)
        if isinstance(decorator, ast.Attribute) and decorator.attr == "setter":
            prop = m.eval(decorator.value, scope)
            if isinstance(prop, FuncV) and "property" in prop.decorators:
                result = replace(prop, setter=result)  # `@name.setter`: the property, settable
                continue
        applied = decorator_value(m, decorator, scope)
        if isinstance(applied, RegistrarV):
            # `@app.post("/route")`, `@trainer.on("step")`: registered with code the analysis
            # cannot see, which calls it (a route handler serves many requests). At a module's
            # top level it runs once the app is served (`uvicorn.run(app)`, after `__main__`
            # has set up what it reads); inside a function, from there on.
            why = f"is registered by @{applied.desc}"
            if m.frames:
                unseen.escape(m, result, loc, why)
            else:
                unseen.register(m, applied.receiver, result, loc, why)
            continue
        result = _decorate(m, result, applied, loc)
    return result


@dataclass(eq=False)
class RegistrarV(Obj):
    """A decorator made by a library object (`app.post(...)`): it registers the function."""

    desc: str
    receiver: Value  # the object it is registered on (`app`)


def decorator_value(m: Machine, node: ast.expr, scope: Scope) -> Value:
    """The decorator's value; a call on a library object only makes a registering decorator
    (its arguments are a route or an event name, not a request sent anywhere)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        receiver = m.eval(node.func.value, scope)
        if not isinstance(receiver, FuncV | ClassV | InstV | ModV | Ext | EngineV):
            return RegistrarV(m.loc(scope.module, node).code, receiver)
    return m.eval(node, scope)


def _decorate(m: Machine, func: Value, decorator: Value, loc: Loc) -> Value:
    if isinstance(decorator, FuncV | ClassV):
        return call_value(m, decorator, CallArgs([func]), loc)
    if isinstance(func, FuncV) and isinstance(decorator, MockV) and decorator.target:
        return replace(func, patches=(*func.patches, decorator.target))
    if not isinstance(func, FuncV) or not isinstance(decorator, Ext):
        return func
    qual = decorator.qual.removeprefix("builtins.")
    if qual in _DISPATCHERS:
        # Which implementation a call runs depends on a type only the run knows: the base one
        # (often a `raise TypeError`) is no more the one than the others. A call of it is a
        # call of code the analysis cannot see: what it is handed escapes, what it gives is
        # unknown, and it is not taken to raise.
        return m.opaque(f"{func.name}(), dispatched on the type of its argument", loc)
    if qual in _MEMO_DECORATORS:
        return replace(func, memo={})
    if qual in _CACHED_PROPERTY:
        qual = "cached_property"  # computed on the first read, then kept in the instance
    if qual in _FLAG_DECORATORS or qual in _CONTEXT_DECORATORS:
        return replace(func, decorators=(*func.decorators, qual))
    return func


# -- calling -------------------------------------------------------------------------------


def call_value(m: Machine, func: Value, args: CallArgs, loc: Loc) -> Value:
    if isinstance(func, FuncV):
        return call_function(m, func, args, loc)
    if isinstance(func, ClassV):
        return classes.instantiate(m, func, args, loc)
    if isinstance(func, InstV):  # `wrapper(prompt)`: its class's `__call__`
        method = classes.instance_attribute(m, func, "__call__", loc)
        if isinstance(method, FuncV):
            return call_function(m, method, args, loc)
    if isinstance(func, PartialV):
        merged = CallArgs(
            [*func.args.positional, *args.positional],
            {**func.args.keywords, **args.keywords},
            args.star or func.args.star,
            args.star_star or func.args.star_star,
        )
        return call_value(m, func.func, merged, loc)
    if isinstance(func, Ext):
        return library.call_external(m, func.qual, args, loc)
    if isinstance(func, BoundExt):
        if isinstance(func.target, EngineV):  # vLLM's own method (a subclass's `super().x`)
            return vllm_api.engine_method(m, func.target, func.name, args, loc)
        return call_method(m, func.target, func.name, args, loc)
    if isinstance(func, MockV):
        library.handed_to_mock(m, args, loc)
        return MockV(f"{func.desc}()")
    return library.unknown_call(m, describe(func), args, loc)


def call_method(m: Machine, receiver: Value, name: str, args: CallArgs, loc: Loc) -> Value:
    if isinstance(receiver, processes.RayOptionsV) and name in _RAY_METHODS:
        if name == "options":
            return processes.RayOptionsV(receiver.target, {**receiver.options, **args.keywords})
        return processes.remote(m, receiver.target, args, loc, receiver.options)
    if isinstance(receiver, FuncV | ClassV | processes.ActorMethodV) and name in _RAY_METHODS:
        if name == "options":  # `Actor.options(num_gpus=1).remote(...)`
            return processes.RayOptionsV(receiver, dict(args.keywords))
        return processes.remote(m, receiver, args, loc)
    if isinstance(receiver, EngineV):
        if name in receiver.attrs:  # `llm.generate = partial(llm.generate, lora_request=r)`
            return call_value(m, receiver.attrs[name], args, loc)
        own = classes.subclass_attribute(m, receiver, name, loc)
        if own is not None:  # a method of the repository's subclass of vLLM's engine
            return call_value(m, own, args, loc)
        return vllm_api.engine_method(m, receiver, name, args, loc)
    if isinstance(receiver, ModV | ClassV | SuperV):
        return call_value(m, classes.get_attribute(m, receiver, name, loc), args, loc)
    if isinstance(receiver, InstV):
        found = classes.instance_attribute(m, receiver, name, loc)
        if found is not None:
            return call_value(m, found, args, loc)
        if name == "start" and processes.start_subclass(m, receiver, loc):
            return NONE
        if name == "join" and processes.join_subclass(m, receiver):
            return NONE
        delegated = classes.delegated_attribute(m, receiver, name, loc)
        if delegated is not None:
            return call_value(m, delegated, args, loc)
        return library.unknown_method(m, receiver, name, args, loc)
    if isinstance(receiver, Ext):
        return library.call_external(m, f"{receiver.qual}.{name}", args, loc)
    return library.call_method(m, receiver, name, args, loc)


def _bind(m: Machine, func: FuncV, args: CallArgs, *, scope: Scope, frame: Frame, loc: Loc) -> None:
    params = parameters(func.node)
    positional = list(args.positional)
    if func.bound_self is not None:
        positional.insert(0, func.bound_self)
    keywords = dict(args.keywords)
    ordered = params.positional
    for index, param in enumerate(ordered):
        name = param.name
        if index < len(positional):
            value = positional[index]
        elif name in keywords:
            value = keywords.pop(name)
        else:
            value = _missing(m, func, name, args, frame=frame, loc=loc)
        scope.vars[name] = value
        frame.bound[name] = value
    extra = positional[len(ordered) :]
    if params.star is not None:
        star: Value = ListV(extra, "tuple")
        if args.star is not None:
            star = args.star
        scope.vars[params.star] = star
    for param in params.keyword_only:
        name = param.name
        if name in keywords:
            value = keywords.pop(name)
        else:
            value = _missing(m, func, name, args, frame=frame, loc=loc)
        scope.vars[name] = value
        frame.bound[name] = value
    if params.star_star is not None:
        rest = DictV([Const(k) for k in keywords], list(keywords.values()))
        scope.vars[params.star_star] = args.star_star or rest


def _missing(
    m: Machine, func: FuncV, name: str, args: CallArgs, *, frame: Frame, loc: Loc
) -> Value:
    if name in func.defaults:
        return func.defaults[name]
    if args.star is not None or args.star_star is not None:
        return m.opaque(f"argument {name} of {func.name}()", loc)
    return entry_args.unpassed(m, func, name, frame.serial, loc)


# A function may be active this many times at once (a walk over a folder tree): deeper calls are
# not followed, and when the function builds or serves requests the analysis is incomplete.
RECURSION_DEPTH = 3


def _not_followed(m: Machine, func: FuncV, why: str, loc: Loc) -> None:
    """A call the analysis does not follow: requests it builds and serves inside are not seen,
    so no Safe verdict may rest on this run when its code names any."""
    if m.trace.incomplete is None and unseen.mentions_sites(func):
        m.trace.incomplete = f"{func.name}() at {loc} builds or serves requests and {why}"


# Decorators that leave an `async def` a coroutine function (any other may make it sync).
_COROUTINE_KEEPING = frozenset({"staticmethod", "classmethod", "abstractmethod", "override"})


def _never_awaited(m: Machine, func: FuncV, loc: Loc) -> bool:
    """`self.evict(1)` as a bare statement, with `evict` an `async def`: the call only makes a
    coroutine, which nothing awaits, so the body never runs (Python warns, nothing happens)."""
    node = func.node
    return (
        m.discarded == loc
        and isinstance(node, ast.AsyncFunctionDef)
        and all(dotted(d).rpartition(".")[2] in _COROUTINE_KEEPING for d in node.decorator_list)
    )


def call_function(m: Machine, func: FuncV, args: CallArgs, loc: Loc) -> Value:
    if "property" in func.decorators and func.bound_self is None and args.positional:
        func = replace(func, bound_self=args.positional[0])
        args = CallArgs(args.positional[1:], args.keywords)
    if _never_awaited(m, func, loc):
        return NONE
    if sum(frame.func.node is func.node for frame in m.frames) >= RECURSION_DEPTH:
        why = f"calls itself more than {RECURSION_DEPTH} levels deep"
        m.trace.note_unknown(f"recursive call to {func.name}() not followed", loc)
        _not_followed(m, func, why, loc)
        return library.unknown_call(m, f"{func.name}()", args, loc)
    depth = len(m.frames)
    if depth >= m.limits.call_depth and (
        depth >= m.limits.site_call_depth or not unseen.module_mentions_sites(func)
    ):
        m.trace.note_unknown(f"{func.name}() is nested too deeply to follow", loc)
        _not_followed(m, func, f"is called {len(m.frames)} calls deep", loc)
        return library.unknown_call(m, f"{func.name}()", args, loc)
    if func.memo is not None:
        memo_key = "|".join(key_text(v) for v in [*args.positional, *args.keywords.values()])
        if memo_key in func.memo:
            return func.memo[memo_key]
    if (
        "contextlib.contextmanager" in func.decorators
        or "contextlib.asynccontextmanager" in func.decorators
    ):
        return ContextCallV(func, args, loc)
    consumer = _consumer(m, func, args)
    frame = Frame(func, m.serial(), call=loc)
    scope = Scope(func.module, func.closure if isinstance(func.closure, Scope) else None)
    relevant.touch(m.loader, func.module.source, func.node)
    m.frames.append(frame)
    m.entered.add(id(func.node))
    facts = len(m.trace.facts)
    try:
        with patched(m, func.patches, func.module, loc):
            _bind(m, func, args, scope=scope, frame=frame, loc=loc)
            result = _run_body(m, func, scope, consumer, args)
    finally:
        m.frames.pop()
        concurrency.returned(m)
    if (
        isinstance(func.node, ast.AsyncFunctionDef)
        and not has_yield(func.node)
        and concurrency.made_to_run_beside(args.call)
    ):
        # `tasks = [score(p) for p in ckpts]`, `create_task(score(p))`: in flight together
        kind = concurrency.TASK if later_serves.in_background(args.call) else concurrency.COROUTINE
        concurrency.started(m, facts, kind)
    if isinstance(func.node, ast.AsyncFunctionDef) and later_serves.in_background(args.call):
        # `asyncio.create_task(rollout_worker(queue))`: it serves on beside the run.
        later_serves.defer(m, m.trace.facts[facts:], by=TASK_ITEM, task=m.serial())
    if func.memo is not None:
        func.memo[memo_key] = result
    return _check_memoised_request(m, frame, result)


def _consumer(m: Machine, func: FuncV, args: CallArgs) -> Consumer | None:
    """The `for` loop this call of a generator function is the iterable of, which takes its
    items as they are yielded; None for any other call (the body then runs at once)."""
    consumer = m.consumer
    if (
        consumer is None
        or args.call is None
        or args.call[1] is not consumer.call
        or not isinstance(func.node, ast.FunctionDef | ast.AsyncFunctionDef)
        or not has_yield(func.node)
        or func.memo is not None
    ):
        return None
    m.consumer = None
    consumer.ran = True
    return consumer


def _run_body(
    m: Machine,
    func: FuncV,
    scope: Scope,
    consumer: Consumer | None = None,
    args: CallArgs | None = None,
) -> Value:
    node = func.node
    if isinstance(node, ast.Lambda):
        return m.eval(node.body, scope)
    if not has_yield(node):
        try:
            m.exec_block(node.body, scope, after=callee_raises.hook(m, func.module, node))
        except ReturnValue as returned:
            return returned.value
        return NONE
    if consumer is not None:
        # The loop over this call takes each item as it is yielded (`generator_loops.py`).
        def take(value: Value) -> Value:
            consumer.take(value)
            return NONE  # what `yield` gives a plain loop

        _run_yielding(m, node, scope, take)
        return NONE
    collect = _Collect(m, later_serves.runs_through(m, args.call if args else None))
    before, facts = len(m.writes), len(m.trace.facts)
    try:
        _run_yielding(m, node, scope, collect)
    finally:
        # The body runs here all at once, but a generator runs a piece before each item its
        # consumer takes: a folder it writes (`save_pretrained(live); yield live`) may change
        # between any two of the consumer's requests, as a thread's write may.
        m.concurrent.extend(replace(write, kind=GENERATOR) for write in m.writes[before:])
        if not collect.runs_through:  # and what it serves may come after the consumer's writes
            later_serves.defer(m, m.trace.facts[facts:])
    return ListV(collect.items)


class _Collect:
    """What `yield` does in a generator whose body runs at once: the item is kept for the
    consumer. `runs_through`: the consumer takes every item where the generator is made."""

    def __init__(self, m: Machine, runs_through: bool) -> None:
        self.m, self.runs_through = m, runs_through
        self.items: list[Value] = []

    def __call__(self, value: Value) -> Value:
        self.items.append(value)
        return self.m.opaque("the value sent into a generator")


def _run_yielding(
    m: Machine, node: Function, scope: Scope, at_yield: Callable[[Value], Value]
) -> None:
    """A generator function's body, each `yield` handed to `at_yield`."""
    m.yield_handlers.append(at_yield)
    try:
        m.exec_block(node.body, scope)
    except ReturnValue:
        pass
    finally:
        m.yield_handlers.pop()


# A nested definition's `yield` makes that one a generator, not the function around it.
_OWN_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def has_yield(node: Function) -> bool:
    return node_memo(node, "has_yield", lambda: _has_yield(node))


def _has_yield(node: Function) -> bool:
    found = False
    stack: list[ast.AST] = list(node.body)
    while stack and not found:
        current = stack.pop()
        if isinstance(current, ast.Yield | ast.YieldFrom):
            found = True
        elif not isinstance(current, _OWN_SCOPES):
            stack.extend(ast.iter_child_nodes(current))
    return found


def _check_memoised_request(m: Machine, frame: Frame, result: Value) -> Value:
    """A wrapper that hands back a request built by an earlier call for other arguments (a trap)."""
    if not isinstance(result, RequestV):
        return result
    intended = vllm_api.intended_path(m, frame, result)
    return replace(result, intended_path=intended) if intended is not None else result


@contextlib.contextmanager
def patched(m: Machine, targets: tuple[str, ...], importer: Module, loc: Loc) -> Iterator[None]:
    """`unittest.mock.patch("pkg.mod.LLM")`: while the function or block runs, the module's
    attribute is a mock (a test's engine serves nothing), then what it was again."""
    replaced: list[tuple[Scope, str, Value | None]] = []
    mocked = []
    for target in targets:
        owner, _, name = target.rpartition(".")
        module = m.import_module(owner, importer) if owner else None
        if isinstance(module, ModV) and isinstance(module.scope, Scope):
            replaced.append((module.scope, name, module.scope.vars.get(name)))
            module.scope.vars[name] = MockV(target)
            continue
        held = _held_package(m, owner, importer, loc)
        if held is not None and f"{held}.{name}" not in m.mocked:
            # `patch("sidecar.requests.post")`: the module's `requests` is the package itself,
            # so its `post` is a mock for every caller while the test runs
            mocked.append(f"{held}.{name}")
    m.mocked.update(mocked)
    try:
        yield
    finally:
        m.mocked.difference_update(mocked)
        for scope, name, old in reversed(replaced):
            if old is None:
                scope.vars.pop(name, None)
            else:
                scope.vars[name] = old


def _held_package(m: Machine, owner: str, importer: Module, loc: Loc) -> str | None:
    """The qualified name of another package's object that `owner` (`sidecar.requests`) names
    through a module of the repository, or None."""
    head, _, attribute = owner.rpartition(".")
    if not head or "." in attribute:
        return None
    module = m.import_module(head, importer)
    if not isinstance(module, ModV) or not isinstance(module.scope, Scope):
        return None
    value = module.scope.vars.get(attribute)
    if isinstance(value, LazyImport):  # `import requests`, read for the first time
        try:
            value = value.force()
        except Raised:
            return None
    return value.qual if isinstance(value, Ext) else None


def enter_context(
    m: Machine,
    manager: Value,
    body: Callable[[Value], None],
    loc: Loc,
    module: Module | None = None,
) -> None:
    if isinstance(manager, MockV) and manager.target and module is not None:
        with patched(m, (manager.target,), module, loc):  # `with patch("pkg.mod.LLM"):`
            body(MockV(manager.target))
        return
    if isinstance(manager, ContextCallV):
        _run_context_function(m, manager, body)
        return
    if isinstance(manager, InstV):
        enter = classes.instance_attribute(m, manager, "__enter__", loc)
        leave = classes.instance_attribute(m, manager, "__exit__", loc)
        entered = call_value(m, enter, CallArgs(), loc) if enter is not None else manager
        try:
            body(entered)
        finally:
            if leave is not None:
                call_value(m, leave, CallArgs([NONE, NONE, NONE]), loc)
        return
    entered = library.entered_value(m, manager, loc)
    try:
        body(entered)
    finally:
        if isinstance(manager, processes.PoolV):
            processes.end_tasks(m, manager)  # its `with` waits for them, or terminates them


def _run_context_function(m: Machine, manager: ContextCallV, body: Callable[[Value], None]) -> None:
    func = manager.func
    entered = [False]

    def at_yield(value: Value) -> Value:
        if not entered[0]:
            entered[0] = True
            body(value)
        return NONE

    frame = Frame(func, m.serial())
    scope = Scope(func.module, func.closure if isinstance(func.closure, Scope) else None)
    relevant.touch(m.loader, func.module.source, func.node)
    m.frames.append(frame)
    m.yield_handlers.append(at_yield)
    try:
        _bind(m, func, manager.args, scope=scope, frame=frame, loc=manager.loc)
        if isinstance(func.node, FUNCTIONS):
            with contextlib.suppress(ReturnValue):
                m.exec_block(func.node.body, scope)
    finally:
        m.yield_handlers.pop()
        m.frames.pop()
    if not entered[0]:
        body(NONE)
