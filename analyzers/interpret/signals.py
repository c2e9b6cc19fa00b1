"""Control flow of the interpreted program, carried by Python exceptions."""

from __future__ import annotations

from analyzers.files.parsing import Loc
from analyzers.interpret.values import Value


class Signal(Exception):
    """Base of the non-local exits the interpreter propagates."""


class BreakLoop(Signal):
    pass


class ContinueLoop(Signal):
    pass


class ReturnValue(Signal):
    def __init__(self, value: Value) -> None:
        super().__init__()
        self.value = value


class Raised(Signal):
    """An explicit `raise` in the analysed code; `type_name` is the exception class as written."""

    def __init__(self, type_name: str, line: int, loc: Loc | None = None) -> None:
        super().__init__(type_name)
        self.type_name = type_name
        self.line = line
        self.loc = loc  # where it was raised (file and line), when known


class ProgramExit(Signal):
    """`sys.exit()`, `exit()`, `os._exit()`: the run ends here."""


class BudgetExhausted(Signal):
    """The run took more steps than the analysis allows; the trace so far is still valid."""
