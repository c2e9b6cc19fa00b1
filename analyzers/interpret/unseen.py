"""Code the analysis cannot see that calls back into the repository or keeps its objects.

A function handed to unseen code (a callback, a route handler, a monkeypatched method, a factory
returned to a caller) is called as that code would call it: repeatedly, with unknown arguments,
on one shared object when it is a method. A request that such code gets back (returned, or
stored where it can reach it) is served by it on an engine the analysis cannot see. Attributes
and items written on unknown objects are remembered for the rest of the run, and an unknown
object given a request's fields (`req.lora_int_id = 1`) is a request from then on.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from analyzers.files.parsing import Loc
from analyzers.files.posting import Feed, route_of
from analyzers.interpret import entry_args, relevant
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.containers import (
    derived,
    get_item,
    may_have_changed,
    stored_in_unseen,
    taken_as_same,
)
from analyzers.interpret.folders import CLIENT_WRITE, WRITE_HINT
from analyzers.interpret.objects import (
    PartialV,
    RequestV,
    argument_of,
    object_key,
    same_argument,
)
from analyzers.interpret.signals import Raised
from analyzers.interpret.syntax import (
    code_words,
    node_memo,
    parameters,
    receiver,
    state_reads,
    state_writes,
    watches_for_change,
)
from analyzers.interpret.values import (
    ClassV,
    Const,
    DictV,
    Ext,
    FuncV,
    InstV,
    ListV,
    Sym,
    Value,
    describe,
)
from analyzers.interpret.vllm_api import serve_for_caller
from analyzers.vllm import api

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine

T = TypeVar("T")
# Rounds of functions called in turn: there, back, and there again (see `call_in_turn`).
IN_TURN_ROUNDS = 3
_ID, _NAME, _PATH, _INPLACE = "lora_int_id", "lora_name", "lora_path", "load_inplace"


def mentions_sites(func: FuncV) -> bool:
    """Whether a function's source names a request site (only those are worth calling)."""
    node = func.node
    return node_memo(node, "mentions_sites", lambda: bool(api.SITE_HINT.search(code_words(node))))


def module_mentions_sites(func: FuncV) -> bool:
    """Whether the module defining a function names a request site anywhere: its functions may
    reach one through others that do not (`_add_adapter()` → `super()._add_adapter()`)."""
    tree = func.module.source.tree
    return node_memo(tree, "mentions_sites", lambda: bool(api.SITE_HINT.search(code_words(tree))))


def _target(value: Value) -> FuncV | None:
    if isinstance(value, PartialV):
        return _target(value.func)
    return value if isinstance(value, FuncV) else None


def call_as_entry(
    m: Machine,
    func: Value,
    loc: Loc,
    times: int,
    *,
    arguments: Callable[[], CallArgs] | None = None,
    positional: list[Value] | None = None,
) -> None:
    """Call `func` `times` times with unknown arguments (`arguments()` makes each call's), as a
    caller outside the analysis may; what each call returns is handed to that caller."""

    def each_call(_: Value) -> CallArgs:
        args = arguments() if arguments is not None else CallArgs()
        args.positional[:0] = list(positional or [])
        return args

    call_in_turn(m, [func], loc, times, arguments=each_call)


def _caller_moves_on(m: Machine, func: Value) -> None:
    """Between two calls of a method, the caller outside the analysis runs: a framework the
    class extends counts its step up (`self.state.global_step` of a `Trainer`), a caller trains
    the trainer it handed over. Where the method watches for change (`syntax.watches_for_change`:
    it keeps what it saw on the instance and compares the next call's value with it), the
    unknown objects the instance holds may or may not have changed before each later call, a
    decision of the world at their next read. Elsewhere they are as they were (a config the
    instance was built with); what the repository's own code stored stays as it left it."""
    if not isinstance(func, FuncV) or not isinstance(func.bound_self, InstV):
        return
    node, instance = func.node, func.bound_self
    if isinstance(node, ast.Lambda):
        return
    self_name = receiver(node, instance.cls.name)
    if self_name is None or not watches_for_change(node, self_name):
        return
    for value in instance.attrs.values():
        if isinstance(value, Sym):
            may_have_changed(m, value)


def call_in_turn(
    m: Machine,
    funcs: list[Value],
    loc: Loc,
    times: int,
    *,
    arguments: Callable[[Value], CallArgs],
    answers_errors: bool = False,
) -> None:
    """Call each of `funcs` in turn (methods of one instance, functions of one module), the
    round `times` times: what one keeps on the instance or module (a request, a checkpoint)
    meets the next one's use of it. What each call returns is handed to its caller. Every
    second round goes the other way, so that each function also follows itself (`load()`
    once, then `generate()` twice) and follows the others (`set_lora()` between two
    `generate()`s).

    `answers_errors`: the caller is a server, which answers a call that raises with an error
    and goes on with the next (an `HTTPException` for a folder that does not exist)."""
    saved, started = m.call, m.unseen.call_started
    try:
        for index in range(times):
            m.call = saved + index
            m.unseen.call_started = m.serial()
            for order, func in enumerate(funcs if index % 2 == 0 else funcs[::-1]):
                if index or order:
                    _caller_moves_on(m, func)
                target = _target(func)
                name = target.name if target is not None else "the function"
                try:
                    result = m.call_value(func, arguments(func), loc)
                except Raised as raised:
                    if not answers_errors:
                        raise
                    where = raised.loc if raised.loc is not None else loc
                    m.trace.assume(
                        f"{name}() raises {raised.type_name} at {where}; the server answers "
                        f"that call with an error and goes on"
                    )
                    continue
                hand_back(m, result, name, loc)
    finally:
        m.call, m.unseen.call_started = saved, started


def register(m: Machine, receiver: Value, value: Value, loc: Loc, why: str) -> None:
    """A function a module registers on an unknown object at its top level (a route on an
    app): it is called once the object is handed to code that serves it (`served`)."""
    key = object_key(receiver)
    target = _target(value)
    if key is not None and target is not None and not isinstance(target.node, ast.Lambda):
        m.unseen.registered.setdefault(key, []).append((value, loc, why))


def owns_routes(m: Machine, body: object, cls: ClassV) -> None:
    """The methods a class body registered (`@app.post(...)` on a method) belong to `cls`: the
    code that serves them (Ray Serve's `@serve.ingress(app)`, a class-based view) calls them on
    an instance of it, never with `self` unknown."""
    for entries in m.unseen.registered.values():
        for value, _, _ in entries:
            if isinstance(value, FuncV) and value.closure is body and _is_method(value):
                m.unseen.route_owners[id(value.node)] = cls


def _on_instances(m: Machine, funcs: list[Value], loc: Loc) -> list[Value]:
    """Registered methods bound to one instance of their class each, built as the serving code
    builds it (`__init__` with the arguments unseen code passes): the deployment's replica."""
    made: dict[int, Value] = {}
    bound: list[Value] = []
    for value in funcs:
        owner = m.unseen.route_owners.get(id(value.node)) if isinstance(value, FuncV) else None
        if not isinstance(value, FuncV) or not isinstance(owner, ClassV):
            bound.append(value)
            continue
        if id(owner) not in made:
            made[id(owner)] = entry_args.instance(m, owner, loc)
        bound.append(replace(value, bound_self=made[id(owner)]))
    return bound


def served(m: Machine, holder: Value, by: str, loc: Loc) -> None:
    """`holder` is handed to unseen code (`uvicorn.run(app)`, `app.run()`): the functions
    registered on it are called by that code from now on, in any order and again and again.
    Those that reach request sites (themselves or through the module's functions they call)
    are called twice in turn, each round after the routes that change what they read
    (`/lora/load` setting the folder `/generate` serves)."""
    key = object_key(holder)
    registered = m.unseen.registered.pop(key, []) if key is not None else []
    reached = {id(value): reach(value) for value, _, _ in registered}
    for value, _, _ in registered:  # their text, and that of what they call, is read
        target = _target(value)
        if target is not None:
            for node in reached[id(value)]:
                relevant.touch(m.loader, target.module.source, node)
    users = [item for item in registered if _mentions_sites(reached[id(item[0])])]
    if not users:
        return
    read: set[str] = set()
    for value, _, _ in users:
        for node in reached[id(value)]:
            read |= set(state_reads(node, None))
    setters = [
        item
        for item in registered
        if item not in users and read & set(state_writes(_node(item[0]), None))
    ]
    for value, where, why in [*setters, *users]:
        target = _target(value)
        assert target is not None
        m.unseen.escaped.add(id(target.node))
        m.trace.assume(
            f"{target.name}() {why} ({where}), and {by} ({loc}) serves it, so it is analysed "
            f"as that code may call it: again and again, with unknown arguments"
        )
    funcs = interleaved([value for value, _, _ in setters], [value for value, _, _ in users])
    m.trace.entry = "() then ".join(_name(value) for value in dict.fromkeys(funcs))
    m.trace.setters_in_turn = m.trace.setters_in_turn or bool(setters)
    funcs = _on_instances(m, funcs, loc)
    fed = {id(value): _feeds(m, value) for value in funcs}

    def arguments(value: Value) -> CallArgs:
        feeds = fed[id(value)]
        return _fed_arguments(m, value, feeds, loc) if feeds else CallArgs()

    call_in_turn(m, funcs, loc, IN_TURN_ROUNDS, arguments=arguments, answers_errors=True)


def _feeds(m: Machine, value: Value) -> Sequence[Feed]:
    """The repository's clients that post a folder they just wrote to this route handler's
    route (`@app.post("/update_weights")`; `files/posting.py`)."""
    for decorator in _node(value).decorator_list:
        if isinstance(decorator, ast.Call) and decorator.args:
            route = route_of(decorator.args[0])
            if route is not None:
                return m.loader.posted_after_write(route)
    return ()


def _fed_arguments(m: Machine, value: Value, feeds: Sequence[Feed], loc: Loc) -> CallArgs:
    """A call of a route handler that a client of the repository feeds: each parameter is an
    unknown, as for any unseen call (`entry_args.unpassed`), and the folder the client posts in
    its field (`body.adapter_path`, `body["adapter_path"]`) was rewritten just before."""
    target = _target(value)
    assert target is not None
    params = parameters(target.node)
    named = [*params.positional, *params.keyword_only]
    if target.bound_self is not None:
        named = named[1:]
    keywords: dict[str, Value] = {}
    for param in named:
        if param.default is not None:
            continue
        argument = entry_args.unpassed(m, target, param.name, m.serial(), loc)
        keywords[param.name] = argument
        for feed in feeds:
            where = Loc(feed.path, feed.line)
            for folder in (
                m.get_attribute(argument, feed.field, loc),
                get_item(m, argument, Const(feed.field), loc),
            ):
                m.record_write(folder, where, kind=CLIENT_WRITE)
    return CallArgs([], keywords)


def interleaved(setters: list[T], users: list[T]) -> list[T]:
    """One round of calls: the users after each setter in turn, so that what one setter
    leaves (a `/lora/load` before a `/lora/unload`) is what the users see next."""
    return [item for setter in setters for item in (setter, *users)] or list(users)


_Def = ast.FunctionDef | ast.AsyncFunctionDef


def reach(value: Value) -> list[_Def]:
    """A function of the repository (a registered route, a helper an `if` calls) and the
    module's own functions it names (a route's `_get_lora_request()`), to any depth: what it
    may run."""
    target = _target(value)
    assert target is not None
    start = _node(value)
    functions = {
        item.name: item
        for item in target.module.source.tree.body
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    found, todo, seen = [start], [start], {id(start)}
    while todo:
        for name in set(state_reads(todo.pop(), None)):
            other = functions.get(name)
            if other is not None and id(other) not in seen:
                seen.add(id(other))
                found.append(other)
                todo.append(other)
    return found


def _mentions_sites(nodes: list[_Def]) -> bool:
    return any(api.SITE_HINT.search(code_words(node)) for node in nodes)


def _node(value: Value) -> _Def:
    target = _target(value)
    assert target is not None
    assert not isinstance(target.node, ast.Lambda)
    return target.node


def _name(value: Value) -> str:
    target = _target(value)
    return target.name if target is not None else "the function"


def escape(
    m: Machine, value: Value, loc: Loc, why: str, *, method: bool = False, hooks: bool = False
) -> None:
    """A function of the repository handed to unseen code, which may call it again and again;
    `hooks`: the code takes objects whose methods it calls (`trainer.add_callback(probe)`)."""
    target = _target(value)
    if target is None:
        items = value.items if isinstance(value, ListV) else [value]
        for item in items if hooks else []:
            if isinstance(item, InstV):
                _escape_object(m, item, loc, why)
        return
    relevant.touch(m.loader, target.module.source, target.node)  # its text is read
    if not mentions_sites(target) or id(target.node) in m.unseen.escaped:
        return
    m.unseen.escaped.add(id(target.node))
    m.trace.assume(
        f"{target.name}() {why} ({loc}), so it is analysed as that code may call it: "
        f"twice, with unknown arguments"
    )
    # Its repeated calls are what a stale repeat spans: the reason names it.
    m.trace.entry = target.name
    shared: list[Value] = []
    if method and target.bound_self is None:
        shared = [m.fixed(f"self:{target.name}#{m.serial()}", f"the {target.name}() receiver", loc)]
    call_as_entry(m, value, loc, 2, positional=shared)


def _escape_object(m: Machine, instance: InstV, loc: Loc, why: str) -> None:
    """An object of a repository class handed to unseen code (`trainer.add_callback(probe)`):
    that code calls its public methods, in any order and again and again. Those that name a
    request site run in turn with those that write weights into a folder (`on_save()`
    rewriting the folder `on_step_end()` serves), on this one object."""
    chosen = called_methods(instance.cls)
    if not chosen or id(instance) in m.unseen.escaped_objects:
        return
    m.unseen.escaped_objects.add(id(instance))
    names = ", ".join(f"{func.name}()" for func in chosen)
    m.trace.assume(
        f"{instance.cls.name} {why} ({loc}), so its methods {names} are analysed as that code "
        f"may call them: in turn, again and again, with unknown arguments"
    )
    # "when Probe.on_save() then Probe.on_step_end() is called again": as `_run_in_turn` says it
    m.trace.entry = "() then ".join(f"{instance.cls.name}.{func.name}" for func in chosen)
    funcs: list[Value] = [replace(func, bound_self=instance) for func in chosen]
    from analyzers.interpret import entry_args  # it builds objects with this module's help

    call_in_turn(m, funcs, loc, IN_TURN_ROUNDS, arguments=lambda f: entry_args.arguments(m, f, loc))


_OBJECT_METHODS = 6  # methods of one escaped object run in turn, at most


def called_methods(cls: ClassV) -> list[FuncV]:
    """The public methods of an object handed to unseen code worth calling there: those that
    reach a request site (themselves or through a private helper), after those that write
    weights into a folder; none when no method reaches a site."""
    methods = _public_methods(cls)
    helpers = [func for func in _methods(cls, private=True) if mentions_sites(func)]
    users = [func for func in methods if mentions_sites(func) or _calls_any(func, helpers)]
    if not users:
        return []
    writers = [
        func
        for func in methods
        if func not in users and WRITE_HINT.search(func.module.source.block_text(func.node))
    ]
    return [*writers, *users][:_OBJECT_METHODS]


def _public_methods(cls: ClassV) -> list[FuncV]:
    """The public methods of a class and its repository bases (the class's own first)."""
    return _methods(cls, private=False)


def _calls_any(func: FuncV, helpers: list[FuncV]) -> bool:
    """Whether a method names one of the class's private helpers (`self._sample(model)`)."""
    text = func.module.source.block_text(func.node)
    return any(re.search(rf"\.{re.escape(helper.name)}\s*\(", text) for helper in helpers)


def _methods(cls: ClassV, *, private: bool) -> list[FuncV]:
    found: dict[str, FuncV] = {}
    todo, seen = [cls], set()
    while todo:
        current = todo.pop(0)
        if id(current) in seen:
            continue
        seen.add(id(current))
        for name, value in current.attrs.items():
            if (
                isinstance(value, FuncV)
                and name.startswith("_") == private
                and not name.startswith("__")
                and name not in found
                and not {"staticmethod", "classmethod", "property"} & set(value.decorators)
            ):
                found[name] = value
        todo += [base for base in current.bases if isinstance(base, ClassV)]
    return list(found.values())


def hand_back(m: Machine, value: Value, who: str, loc: Loc, depth: int = 0) -> None:
    """What a call by unseen code gets back: requests it serves, functions it calls."""
    if isinstance(value, RequestV):
        if not value.mock:
            serve_for_caller(m, value, f"returned by {who}()", loc)
        return
    if depth > 1:
        return
    if isinstance(value, ListV | DictV):
        for item in value.items if isinstance(value, ListV) else value.values:
            hand_back(m, item, who, loc, depth + 1)
    elif isinstance(value, InstV):
        for item in list(value.attrs.values()):
            if isinstance(item, RequestV):
                hand_back(m, item, who, loc, depth + 1)
    elif _target(value) is not None:
        escape(m, value, loc, f"is returned by {who}() to a caller outside the analysis")


def _is_method(func: FuncV) -> bool:
    params = func.node.args.args
    return bool(params) and params[0].arg in ("self", "cls")


def write_attribute(m: Machine, owner: Value, name: str, value: Value, loc: Loc) -> None:
    """`owner.name = value` on an object the analysis cannot see into (a library class, an
    unknown object): functions put there are called by that code, requests stored there may be
    served by it, and the value is remembered for later reads."""
    target = _target(value)
    vllm_class = owner.qual if isinstance(owner, Ext) and owner.qual.startswith(api.MODULE) else ""
    if target is not None and vllm_class and name in api.CACHE_INTERNALS:
        patch = f"{vllm_class.rpartition('.')[2]}.{name} replaced at {loc}"
        if patch not in m.trace.cache_patches:
            m.trace.cache_patches.append(patch)
    if target is not None:
        where = describe(owner) if not isinstance(owner, Ext) else owner.qual
        escape(m, value, loc, f"is attached to {where}", method=_is_method(target))
    key = object_key(owner)
    if key is None:
        return
    m.unseen.use(owner)
    request = m.unseen.adopted.get(key)
    if request is None and name in api.FIELDS:
        request = _adopt(m, owner, key, loc)
    if request is not None and name in api.FIELD_HOLDS:
        setattr(request, api.FIELD_HOLDS[name], value)
        request.mutations.append(loc)
        return
    if request is not None and api.is_content_field(name):
        request.content = {**request.content, name: value}  # new tensors on the same request
        return
    m.unseen.attrs[(key, f".{name}")] = value
    private = name.startswith("_") and not name.startswith("__")
    stored_in_unseen(m, value, f"{describe(owner)}.{name}", loc, private=private)


def _adopt(m: Machine, owner: Value, key: str, loc: Loc) -> RequestV:
    """An unknown object given a request's field: a request made by code outside the analysis."""
    desc = describe(owner)

    def part(field_name: str) -> Value:
        known = m.unseen.attrs.get((key, f".{field_name}"))
        if known is not None:
            return known
        return derived(m, owner, f".{field_name}", f"{desc}.{field_name}", loc)

    request = RequestV(
        m.serial(),
        part(_NAME),
        part(_ID),
        part(_PATH),
        m.unseen.attrs.get((key, f".{_INPLACE}")),
        loc,
        id_text=f"{desc}.{_ID}",
        path_text=f"{desc}.{_PATH}",
    )
    m.unseen.adopted[key] = request
    m.trace.requests.append(request)
    m.covered.add((loc.path, loc.line, loc.column))
    return request


def read_attribute(m: Machine, owner: Value, name: str) -> Value | None:
    """What the run wrote on an unknown object earlier, or None."""
    key = object_key(owner)
    if key is None:
        return None
    kept = m.unseen.attrs.get((key, f".{name}"))
    return kept if kept is not None else _earlier_call(m, owner, key, f".{name}")


def _earlier_call(m: Machine, owner: Value, key: str, index: str) -> Value | None:
    """What an earlier call wrote on the same argument, if this world takes the caller to pass
    the same object again (`server._lora_ids` kept on the caller's engine between calls).

    Once a world takes them apart, the argument stands for an engine of its own when it is
    used as one, so no repeat spans the two calls (`vllm_api.implicit_engine`)."""
    own = argument_of(key)
    if own is None or own in m.unseen.apart:
        return None
    for (stored, where), value in list(m.unseen.attrs.items()):
        if where != index or not same_argument(stored, key):
            continue
        earlier = argument_of(stored)
        if earlier is None:
            continue
        text = f"whether {describe(owner)} is the object of an earlier call"
        if taken_as_same(m, earlier, own, text):
            return value
        m.unseen.apart[own] = None
        return None
    return None
