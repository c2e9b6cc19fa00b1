"""The analyzer's layout, as rules over its import graph (every import statement counts).

The graph is read from the source with `ast`: module-level, function-level and
`if TYPE_CHECKING:` imports alike, since each one ties two modules together for a reader.

The stages, lowest first; a module may import its own stage and any lower one, never a higher:

    0  the contracts: analyzers.model, analyzers.events (and the package itself)
    1  analyzers.vllm (what vLLM is) and analyzers.files (bytes in)
    2  analyzers.interpret (Python on abstract values)
    3  analyzers.judge (trace -> verdict)
    4  analyzers.report (rows, links between files)
    5  analyzers.audit (the analysis front: candidates -> analyse -> link -> Report)
    6  analyzers.render (report -> text), analyzers.git (commits, history, branches) and
       analyzers.fix (Affected rows -> rewritten source); these three never use each other, and
       git and fix use only files, vllm, the contracts and the audit front

Stages on one floor below the top (the contracts; vllm and files) may use each other.

Nothing in analyzers imports bot, workers or the lora_audit front doors.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "analyzers"

RANKS = {
    "analyzers": 0,
    "analyzers.model": 0,
    "analyzers.events": 0,
    "analyzers.vllm": 1,
    "analyzers.files": 1,
    "analyzers.interpret": 2,
    "analyzers.judge": 3,
    "analyzers.report": 4,
    "analyzers.audit": 5,
    "analyzers.render": 6,
    "analyzers.git": 6,
    "analyzers.fix": 6,
}
TOP_FLOOR = 6
FRONT_USERS = {"analyzers", "analyzers.model", "analyzers.events", "analyzers.files"}
FRONT_USERS |= {"analyzers.vllm", "analyzers.audit"}
MAY_USE = {
    "analyzers.git": FRONT_USERS | {"analyzers.git"},
    "analyzers.fix": FRONT_USERS | {"analyzers.fix"},
}
OUTSIDE = ("bot", "workers", "lora_audit")
MAX_CYCLES = 2
MAX_TOP_LEVEL_MODULES = 6


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _imported_names(path: Path) -> Iterator[str]:
    """Every module named by an import statement anywhere in the file."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


@cache
def import_graph() -> dict[str, frozenset[str]]:
    """module -> the analyzers modules it imports (`from pkg import mod` names `pkg.mod`)."""
    modules = _modules()
    graph: dict[str, frozenset[str]] = {}
    for name, path in modules.items():
        targets = set()
        for imported in _imported_names(path):
            if imported in modules and imported != name:
                targets.add(imported)
        # `from analyzers.interpret import calls` names the module, not the package's __init__.
        packages = {t for t in targets if modules[t].name == "__init__.py"}
        named_inside = {p for p in packages if any(t.startswith(p + ".") for t in targets)}
        graph[name] = frozenset(targets - named_inside)
    return graph


def _outside_imports() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for name, path in _modules().items():
        for imported in _imported_names(path):
            if imported.split(".")[0] in OUTSIDE:
                found.setdefault(name, set()).add(imported)
    return found


def cycles(graph: dict[str, frozenset[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def stage(module: str) -> str:
    """The entry of RANKS that owns `module` (the longest matching prefix)."""
    owners = [key for key in RANKS if module == key or module.startswith(key + ".")]
    return max(owners, key=len)


def allowed(importer: str, imported: str) -> bool:
    here, there = stage(importer), stage(imported)
    if here == there:
        return True
    if here in MAY_USE:
        return there in MAY_USE[here]
    if RANKS[there] == RANKS[here]:
        return RANKS[here] < TOP_FLOOR
    return RANKS[there] < RANKS[here]


def test_every_analyzer_module_has_a_stage() -> None:
    for module in _modules():
        assert stage(module) in RANKS


def test_no_import_runs_from_a_lower_stage_up_to_a_higher_one() -> None:
    upward = sorted(
        f"{importer} -> {imported}"
        for importer, targets in import_graph().items()
        for imported in targets
        if not allowed(importer, imported)
    )
    assert upward == []


def test_at_most_two_import_cycles() -> None:
    found = cycles(import_graph())
    assert len(found) <= MAX_CYCLES, found


def test_few_modules_directly_in_analyzers() -> None:
    top = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(top) <= MAX_TOP_LEVEL_MODULES, top


def test_analyzers_import_neither_the_app_nor_the_front_doors() -> None:
    assert _outside_imports() == {}


def test_the_rules_can_fail() -> None:
    """The checks above see real imports: a known import is found, and a cycle is detected."""
    assert "analyzers.model" in import_graph()["analyzers.audit"]
    assert cycles({"a": frozenset({"b"}), "b": frozenset({"a"}), "c": frozenset({"a"})}) == [
        ["a", "b"]
    ]
    assert not allowed("analyzers.interpret.values", "analyzers.judge.verdict")
    assert not allowed("analyzers.git.api", "analyzers.judge.verdict")
    assert not allowed("analyzers.render.sarif", "analyzers.git.api")
    assert not allowed("analyzers.fix.codemod", "analyzers.render.table")
    assert not allowed("analyzers.git.api", "analyzers.fix.codemod")
    assert not allowed("analyzers.fix.sites", "analyzers.judge.verdict")
    assert allowed("analyzers.fix.codemod", "analyzers.audit")
    assert allowed("analyzers.vllm.lockfiles", "analyzers.files.source")
