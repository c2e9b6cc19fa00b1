"""Library mode: which functions of a file are run on their own, and which together.

A file whose request-building functions nothing in it calls is used by callers the analysis
cannot see. Each such function (or method, on one instance) is run as they may run it: twice,
with unknown arguments. The public methods of a class that has them are also run in turn on one
instance, with the methods that change what they read (`update_lora_path(path)` before
`generate()`): a caller may point the instance at another folder between two requests.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from analyzers.files.program import Module
from analyzers.files.sites import find_sites, name_tail
from analyzers.interpret.fixtures import is_test_file, reaches_site_through_fixtures
from analyzers.interpret.folders import WRITE_HINT
from analyzers.interpret.machine import IN_TURN
from analyzers.interpret.syntax import (
    FUNCTIONS,
    Function,
    code_words,
    receiver,
    state_reads,
    state_writes,
)
from analyzers.interpret.unseen import interleaved
from analyzers.vllm import api

MAX_IN_TURN = 6  # a class or module with more request functions is used one function at a time
# What drops an adapter id: an engine's removal method, or the server's unload route.
_DROP_WORDS = (
    *api.REMOVE_METHOD_NAMES,
    *(route.word for route in api.ROUTES if route.effect is api.Effect.UNLOAD),
)
_DROP_HINT = re.compile("|".join(re.escape(word) for word in sorted(_DROP_WORDS)))


def entry_functions(module: Module) -> list[tuple[str, ...]]:
    """Top-level functions and methods of top-level classes that mention adapter requests.

    Library mode: those the file's own run never reaches are run on their own, as unseen
    callers would use them (repeated calls, unknown arguments, one instance); functions nested
    in them are reached when they escape (a callback, a route, a monkeypatch, a return value).
    A private helper (`_name`) that another function of the file calls after dropping adapter
    ids (`remove_lora`, the server's unload route, itself or through another private helper
    it calls: `self._unload(name)` then `self._load(path, name)`) is entered through that
    caller instead: that is how it is used, and the drop is part of it.
    """
    code = module.source.block_text
    functions: list[tuple[tuple[str, ...], Function]] = []  # in file order
    for statement in module.source.tree.body:
        if isinstance(statement, FUNCTIONS):
            functions.append(((statement.name,), statement))
        elif isinstance(statement, ast.ClassDef) and api.SITE_HINT.search(code_words(statement)):
            for item in statement.body:
                if isinstance(item, FUNCTIONS):
                    functions.append(((statement.name, item.name), item))
    dropping = {path for path, node in functions if _DROP_HINT.search(code(node))}

    def drops_before(caller: tuple[str, ...], body: Function, helper: tuple[str, ...]) -> bool:
        """Whether `caller` drops ids itself or through another private helper it calls."""
        return caller in dropping or any(
            _calls(code(body), other[-1])
            for other in dropping
            if other != helper and is_private(other) and other[:-1] == caller[:-1]
        )

    chosen: set[tuple[str, ...]] = set()
    for path, node in functions:
        if not api.SITE_HINT.search(code_words(node)):
            continue
        name = path[-1]
        callers = (
            [
                other
                for other, body in functions
                if other != path and _calls(code(body), name) and drops_before(other, body, path)
            ]
            if is_private(path)
            else []
        )
        chosen.update(callers or [path])
    if is_test_file(module):  # a test that serves through the fixtures it asks for
        tree = module.source.tree
        for path, node in functions:
            if _is_test(path) and len(path) == 1 and reaches_site_through_fixtures(tree, node):
                chosen.add(path)
    return [path for path, _ in functions if path in chosen]


def _calls(code: str, name: str) -> bool:
    return re.search(rf"\b{re.escape(name)}\s*\(", code) is not None


def is_private(path: Sequence[str]) -> bool:
    name = path[-1]
    return name.startswith("_") and not name.startswith("__")


def is_helper(module: Module, path: Sequence[str]) -> bool:
    """A function that callers outside its file do not use: a private one (`_name`), or one of
    a pytest file that is not a test (`test_helper`)."""
    return is_private(path) or test_helper(module, path)


def test_helper(module: Module, path: Sequence[str]) -> bool:
    """A function of a pytest file (`test_*.py`, `*_test.py`) that is not a test: pytest calls
    the tests, and nothing imports a test file, so the tests are its only callers."""
    return is_test_file(module) and not _is_test(path)


def _is_test(path: Sequence[str]) -> bool:
    return path[-1].startswith("test") and (len(path) == 1 or path[0].startswith("Test"))


def named_by_tests(module: Module, path: Sequence[str]) -> bool:
    """Whether a test of the file calls the helper `path` (`route(engine, a, "x")`): it is then
    used the way that test uses it, which the test's own runs follow."""
    if not test_helper(module, path):
        return False
    code = module.source.block_text
    for statement in module.source.tree.body:
        if isinstance(statement, FUNCTIONS) and _is_test((statement.name,)):
            tests: list[ast.AST] = [statement]
        elif isinstance(statement, ast.ClassDef) and statement.name.startswith("Test"):
            tests = [
                item
                for item in statement.body
                if isinstance(item, FUNCTIONS) and _is_test((statement.name, item.name))
            ]
        else:
            continue
        if any(_calls(code(test), path[-1]) for test in tests):
            return True
    return False


def line_range(module: Module, path: Sequence[str]) -> tuple[int, int] | None:
    """The first and last line of a top-level function or a method of a top-level class."""
    node = function_node(module, path)
    if node is None:
        return None
    return module.source.line_of(node), module.source.end_line_of(node)


def function_node(module: Module, path: Sequence[str]) -> ast.stmt | None:
    """A top-level function or a method of a top-level class, by its path of names."""
    body: Sequence[ast.stmt] = module.source.tree.body
    node: ast.stmt | None = None
    for name in path:
        node = next(
            (
                item
                for item in body
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                and item.name == name
            ),
            None,
        )
        if node is None:
            return None
        body = node.body if isinstance(node, ast.ClassDef) else []
    return node


def reached_without_sites(module: Module, path: Sequence[str], entered: set[int]) -> bool:
    """Whether the file's own runs called this function (`entered`: the `id` of each called
    definition) and it holds no request site of its own: `eval_cot(model)` unpacks the
    request `main()` built and hands it on to the helper that serves it. Run on its own with
    an unknown `model`, it is not how the file uses it, and the row said no run reached it.

    Sites are over-counted here (any call named as a request class is, `MyRequest(...)`): a
    function holding one is still run on its own where its site was not reached."""
    node = function_node(module, path)
    if node is None or id(node) not in entered:
        return False
    own = find_sites(ast.Module(body=[node], type_ignores=[]), api.REQUEST_CLASS_NAMES)
    return not own and not any(
        isinstance(call, ast.Call) and name_tail(call.func).endswith("Request")
        for call in ast.walk(node)
    )


def in_turn_entries(module: Module, entries: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Runs of several functions in turn on one instance (or one module's state).

    One per class whose public methods with request sites are more than one, or that has
    public methods changing what those read (setters), and one likewise for the module's own
    functions: an unseen caller uses them one after the other (`load_checkpoint(path)` keeps a
    request that `play()` serves; `update_lora_path(path)` points `generate()` at another
    folder; a route registers an expert that another route serves), which no function run on
    its own shows. In each round the request functions run after each setter in turn.
    """
    methods: dict[str, list[str]] = {}  # "" holds the module's own functions
    for path in entries:
        if not path[-1].startswith("_"):  # neither private helpers nor `__init__` and kin
            methods.setdefault(path[0] if len(path) == 2 else "", []).append(path[-1])
    found = []
    for owner, names in methods.items():
        if len(names) > MAX_IN_TURN:
            continue
        changes = _setters(module, owner, names)[: MAX_IN_TURN - len(names)]
        feeding = _feeding(module, owner, names)
        if len(changes) + len(names) > 1:
            # A request function that keeps what another one serves (`load_lora(path)` sets
            # the request `generate()` serves) runs before it in each round, as a setter does,
            # wherever the file defines it: else a round went `generate()`, `load_lora()`,
            # `load_lora()`, `generate()` and no request was served between two loads.
            users = [name for name in names if name not in feeding] or names
            found.append((owner, IN_TURN, *interleaved([*changes, *feeding], users)))
    return found


def _feeding(module: Module, owner: str, users: Sequence[str]) -> list[str]:
    """The request functions of `owner` that assign what another of them reads, when some
    request function assigns nothing the others read (it is the one served after them)."""
    functions = _functions(module, owner)
    nodes = {name: functions[name] for name in users if name in functions}
    reads = {name: set(state_reads(node, receiver(node, owner))) for name, node in nodes.items()}
    feeding = [
        name
        for name, node in nodes.items()
        if any(
            reads[other] & set(state_writes(node, receiver(node, owner)))
            for other in nodes
            if other != name
        )
    ]
    return feeding if len(feeding) < len(nodes) else []


def _setters(module: Module, owner: str, users: Sequence[str]) -> list[str]:
    """Public functions of `owner` (a class; "" for the module) that assign what the request
    functions `users`, or the private helpers they may call, read: an attribute of the
    instance, or a global of the module. What a private helper a function calls assigns
    counts as its own (unless the request functions call it too), and a function that
    assigns what a setter reads is a setter too (`set_config(c)` keeps `c` that
    `update_config()` reads the adapter's folder from). A property's setter is one as
    `name=`: its callers assign the attribute (`gen.config = c`)."""
    functions = _functions(module, owner)
    private = {name: node for name, node in functions.items() if is_private((name,))}
    # A helper the request functions call themselves changes what their own runs change: only
    # what the others assign makes their caller a setter.
    own = [functions[name] for name in users if name in functions]
    helpers = {
        name: node
        for name, node in private.items()
        if not any(_names_call(user, name) for user in own)
    }
    candidates = {
        name: node for name, node in functions.items() if name not in users and name[0] != "_"
    }
    candidates.update((f"{name}=", node) for name, node in _property_setters(module, owner).items())
    read: set[str] = set()
    for node in [*private.values(), *own]:
        read |= set(state_reads(node, receiver(node, owner)))
    writes = {name: _writes(node, owner, helpers) for name, node in candidates.items()}
    found: list[str] = []
    while True:
        more = [
            name
            for name, node in candidates.items()
            if name not in found
            and (read & writes[name] or WRITE_HINT.search(module.source.block_text(node)))
        ]
        if not more:
            # in file order, as before: the rounds call them in this order
            return [name for name in candidates if name in found]
        found += more
        for name in more:
            # what the setter derives its changes from, not what it only resets (a
            # `teardown()` that reads and clears the session a lazy `generate()` opens)
            node = candidates[name]
            read |= set(state_reads(node, receiver(node, owner))) - writes[name]


def _writes(node: Function, owner: str, private: dict[str, Function]) -> set[str]:
    """What a function assigns of its state, itself or through the private helpers it calls;
    of a helper, not what it also reads (a lazy `_get_session()` that makes the session once)."""
    found: set[str] = set()
    todo, seen = [node], {id(node)}
    while todo:
        current = todo.pop()
        mine = receiver(current, owner)
        writes = set(state_writes(current, mine))
        found |= writes if current is node else writes - set(state_reads(current, mine))
        for name, helper in private.items():
            if id(helper) not in seen and _names_call(current, name):
                seen.add(id(helper))
                todo.append(helper)
    return found


def _names_call(node: Function, name: str) -> bool:
    """Whether a function calls `name` (`self.name(...)` or `name(...)`)."""
    for item in ast.walk(node):
        if isinstance(item, ast.Call):
            func = item.func
            if (isinstance(func, ast.Attribute) and func.attr == name) or (
                isinstance(func, ast.Name) and func.id == name
            ):
                return True
    return False


def _property_setters(module: Module, owner: str) -> dict[str, Function]:
    """The `@name.setter` functions of a class and of its bases in the module, by name."""
    found: dict[str, Function] = {}
    for body in _bodies(module, owner) if owner else []:
        for item in body:
            if isinstance(item, FUNCTIONS) and not item.name.startswith("_"):
                for decorator in item.decorator_list:
                    if isinstance(decorator, ast.Attribute) and decorator.attr == "setter":
                        found.setdefault(item.name, item)
    return found


def _functions(module: Module, owner: str) -> dict[str, Function]:
    """The functions of `owner` (a class; "" for the module), with the methods it inherits
    from classes of the same module (a base's `config` setter runs the subclass's
    `update_additional_setting()`), accessors left out."""
    found: dict[str, Function] = {}
    for body in _bodies(module, owner):
        for item in body:
            if isinstance(item, FUNCTIONS) and not any(_accessor(d) for d in item.decorator_list):
                found.setdefault(item.name, item)
    return found


def _bodies(module: Module, owner: str) -> list[list[ast.stmt]]:
    """The module's body, or the bodies of class `owner` and of its bases defined in the
    module, the class first (what it defines overrides what it inherits)."""
    tree: list[ast.stmt] = module.source.tree.body
    if not owner:
        return [tree]
    classes = {item.name: item for item in tree if isinstance(item, ast.ClassDef)}
    bodies: list[list[ast.stmt]] = []
    todo, seen = [owner], set()
    while todo:
        name = todo.pop(0)
        cls = classes.get(name)
        if cls is None or name in seen:
            continue
        seen.add(name)
        bodies.append(cls.body)
        todo += [base.id for base in cls.bases if isinstance(base, ast.Name)]
    return bodies


def _accessor(decorator: ast.expr) -> bool:
    """A property or its setter: read and written as an attribute, never called by name."""
    if isinstance(decorator, ast.Attribute):
        return decorator.attr in ("setter", "getter", "deleter")
    return isinstance(decorator, ast.Name) and decorator.id in ("property", "cached_property")
