"""Functions of a dispatcher module that start processes, found from syntax alone.

A module with no request site that names a driver and starts processes (`evaluate_all(paths)`
handing each path to a pool task that builds and serves a request) is how the driver is run.
With no `__main__` block of its own, nothing in the file calls it: its callers are unseen, so
those functions are run as unseen callers use them (`entries.py`), and the driver's row takes
what they show (a fresh worker per task, or one worker for every task).
"""

from __future__ import annotations

import ast

from analyzers.interpret.syntax import Function, dotted
from analyzers.judge.writers import siteless_functions

# The last part of a call that starts a process: a pool, a process, a command.
_STARTERS = frozenset(
    {"Pool", "Process", "Popen", "ProcessPoolExecutor", "system", "popen",
     "create_subprocess_exec", "create_subprocess_shell", "execv", "execvp", "spawnv"}
)  # fmt: skip


def dispatching_functions(tree: ast.Module) -> list[tuple[str, ...]]:
    """The public functions of a module with no request site and no `__main__` block that
    start a process (`subprocess.run(...)`, `ctx.Pool(...)`, `ProcessPoolExecutor()`): a
    private helper is run by its callers."""
    return siteless_functions(tree, lambda node: not node.name.startswith("_") and _starts(node))


def _starts(node: Function) -> bool:
    for call in ast.walk(node):
        if not isinstance(call, ast.Call):
            continue
        name = dotted(call.func)
        if name.startswith("subprocess.") or name.rpartition(".")[2] in _STARTERS:
            return True
    return False
