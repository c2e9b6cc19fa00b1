"""pytest runs a test function after its fixtures: those it names and the `autouse` ones.

A test module's functions are entries of their own (library mode). pytest calls each one only
after the fixtures of the `conftest.py` files above it and of its own module: the autouse
ones, and those its parameters name. A fixture that puts a fake vLLM in `sys.modules` for CPU
CI (`monkeypatch.setitem(sys.modules, "vllm", fake)`, `stand_ins.py`) is how a test's engine
becomes a mock: without it, the test's requests would look served by vLLM.
"""

from __future__ import annotations

import ast
import posixpath
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.calls import ContextCallV, enter_context, has_yield
from analyzers.interpret.syntax import (
    FUNCTIONS,
    Function,
    Parameter,
    code_words,
    dotted,
    node_memo,
    parameters,
)
from analyzers.interpret.values import FuncV, ModV, Value
from analyzers.vllm import api

if TYPE_CHECKING:
    from analyzers.files.program import Module
    from analyzers.interpret.machine import Machine

Values = dict[str, Value]


def is_test_file(module: Module) -> bool:
    """A `test_*.py` / `*_test.py` file: one pytest collects by default."""
    name = posixpath.basename(module.path)
    return name.startswith("test_") or name.endswith("_test.py")


def is_test(module: Module, path: tuple[str, ...]) -> bool:
    """A module-level `test*` function of a test file (`is_test_file`)."""
    return len(path) == 1 and path[0].startswith("test") and is_test_file(module)


def around(
    m: Machine, module: Module, owner: ModV, test: FuncV, loc: Loc, *, run: Callable[[Values], None]
) -> None:
    """Run the test's fixtures in pytest's order, then `run(values)` with what they gave (by
    fixture name), then each fixture's code after its `yield` (its teardown)."""
    known: dict[str, tuple[FuncV, bool]] = {}
    for holder in [*_conftests(m, module), owner]:
        known.update(_fixtures(holder))
    wanted = [name for name, (_, autouse) in known.items() if autouse]
    wanted += [param.name for param in _params(test) if param.name in known]
    # Only fixtures that touch vLLM run (a fake in `sys.modules`, an engine, a request); any
    # other (`ray_init`, a temporary folder) stays an unknown argument, as before pytest was
    # modelled: what it does is no engine's, request's or cache's business.
    needed = _with_dependencies({name: _params(known[name][0]) for name in known}, wanted)
    order = [name for name in needed if _touches_vllm(known[name][0])]
    _chain(m, [(name, known[name][0]) for name in order], {}, run, loc)


def _with_dependencies(params: dict[str, list[Parameter]], wanted: list[str]) -> list[str]:
    """`wanted` and the fixtures their parameters name (`params`: each fixture's), each after
    those it needs, as pytest sets them up: a fixture that serves on the session's engine
    fixture gets that engine, not an unknown argument."""
    order: list[str] = []
    started: set[str] = set()

    def need(name: str) -> None:
        if name in started:
            return  # set up already, or a cycle (pytest refuses it; no order is made up)
        started.add(name)
        for param in params[name]:
            if param.name in params:
                need(param.name)
        order.append(name)

    for name in wanted:
        need(name)
    return order


def reaches_site_through_fixtures(tree: ast.Module, test: Function) -> bool:
    """Whether a test builds or serves requests only through the fixtures it names, read from
    the syntax of its own module (`both = tuple(logprobs(engine, path) for path in paths)` in a
    fixture, with `logprobs` building the request): pytest runs it, so library mode must."""
    fixtures = node_memo(tree, "fixture_nodes", lambda: _fixture_nodes(tree))
    params = {name: _named_params(node) for name, node in fixtures.items()}
    wanted = [param.name for param in _named_params(test) if param.name in fixtures]
    used = _with_dependencies(params, wanted)
    return any(_reaches(tree, fixtures[name], api.SITE_HINT, set()) for name in used)


def _fixture_nodes(tree: ast.Module) -> dict[str, Function]:
    """The module's top-level fixtures by the name tests ask for them."""
    found: dict[str, Function] = {}
    for node in tree.body:
        if isinstance(node, FUNCTIONS) and (declared := _declared(node)) is not None:
            found[declared[0]] = node
    return found


def _declared(node: Function) -> tuple[str, bool] | None:
    """A fixture's name (its `name=` or the function's) and whether it is `autouse`; None when
    the function is no fixture."""
    for decorator in node.decorator_list:
        call = decorator if isinstance(decorator, ast.Call) else None
        if not dotted(call.func if call is not None else decorator).endswith("fixture"):
            continue
        keywords = {kw.arg: kw.value for kw in call.keywords} if call is not None else {}
        name, autouse = keywords.get("name"), keywords.get("autouse")
        key = name.value if isinstance(name, ast.Constant) else node.name
        return str(key), isinstance(autouse, ast.Constant) and autouse.value is True
    return None


def _chain(
    m: Machine,
    fixtures: list[tuple[str, FuncV]],
    values: Values,
    run: Callable[[Values], None],
    loc: Loc,
) -> None:
    if not fixtures:
        run(values)
        return
    (name, fixture), rest = fixtures[0], fixtures[1:]
    # A fixture's own parameters that name fixtures set up before it get their values; any
    # other (`monkeypatch`, `tmp_path`) is an unknown, as for any entry.
    args = CallArgs([], {p.name: values[p.name] for p in _params(fixture) if p.name in values})

    def then(value: Value) -> None:
        _chain(m, rest, {**values, name: value}, run, loc)

    if isinstance(fixture.node, ast.FunctionDef | ast.AsyncFunctionDef) and has_yield(fixture.node):
        enter_context(m, ContextCallV(fixture, args, loc), then, loc)
    else:
        then(m.call_value(fixture, args, loc))


def _touches_vllm(fixture: FuncV) -> bool:
    """Whether the fixture's code names vLLM, `sys.modules`, an engine class or a request
    site (`syntax.code_words`: one name or string per line), or calls a function of its
    module that does."""
    node, tree = fixture.node, fixture.module.source.tree
    return node_memo(node, "touches_vllm", lambda: _reaches(tree, node, _VLLM, set()))


def _reaches(tree: ast.Module, node: ast.AST, words: re.Pattern[str], seen: set[str]) -> bool:
    """Whether `node`'s code, or that of a top-level function of `tree` it names (and so on),
    holds one of `words`."""
    said = code_words(node)
    if words.search(said):
        return True
    functions = node_memo(tree, "top_functions", lambda: _top_functions(tree))
    for word in dict.fromkeys(said.splitlines()):
        function = functions.get(word)
        if function is not None and word not in seen:
            seen.add(word)
            if _reaches(tree, function, words, seen):
                return True
    return False


def _top_functions(tree: ast.Module) -> dict[str, Function]:
    return {node.name: node for node in tree.body if isinstance(node, FUNCTIONS)}


_VLLM = re.compile(
    "|".join(
        (
            r"^vllm(?:\.|$)",  # an import of it, a name or a module path in a string
            r"^modules$",  # `sys.modules`
            api.SITE_HINT.pattern,
            *(rf"^{re.escape(entry.name)}$" for entry in api.ENGINE_CLASSES),
        )
    ),
    re.MULTILINE,
)


def _params(func: FuncV) -> list[Parameter]:
    node = func.node
    return _named_params(node) if isinstance(node, FUNCTIONS) else []


def _named_params(node: Function) -> list[Parameter]:
    """The parameters pytest fills by name (fixtures): positional and keyword-only."""
    params = parameters(node)
    return [*params.positional, *params.keyword_only]


def _conftests(m: Machine, module: Module) -> list[ModV]:
    """The `conftest.py` modules from the repository's top down to the test's folder."""
    folders = [""]
    for part in posixpath.dirname(module.path).split("/"):
        if part:
            folders.append(posixpath.join(folders[-1], part))
    found = []
    for folder in folders:
        path = posixpath.join(folder, "conftest.py")
        loaded = m.loader.load(path[:-3].replace("/", "."), module)
        if loaded is not None and loaded.path == path:
            found.append(m.import_path(loaded))
    return found


def _fixtures(owner: ModV) -> dict[str, tuple[FuncV, bool]]:
    """The module's fixtures by name, each with whether it is `autouse`."""
    scope = owner.scope
    found: dict[str, tuple[FuncV, bool]] = {}
    for value in getattr(scope, "vars", {}).values():
        if isinstance(value, FuncV) and isinstance(value.node, ast.FunctionDef):
            declared = _declared(value.node)
            if declared is not None:
                found[declared[0]] = (value, declared[1])
    return found
