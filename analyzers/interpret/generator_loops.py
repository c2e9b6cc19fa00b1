"""A `for` loop over a call of the repository's generator function, run as Python runs it.

A generator runs a piece of its body before each item its loop takes, so the loop's body runs
between the generator's pieces: a rollout generator that serves the live folder before each
`yield`, consumed by a training loop that saves into that folder after each item, serves the
second item after the first save. Running the generator's body at once (as any other consumer
of it is still run: `calls._run_body`) put every serve before the first save. Here the
generator's body runs with the loop's body at each `yield` (`runtime.Consumer`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from analyzers.files.parsing import Loc
from analyzers.interpret import calls
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.imports import library_name
from analyzers.interpret.runtime import Consumer
from analyzers.interpret.scope import Scope
from analyzers.interpret.signals import Raised, Signal
from analyzers.interpret.syntax import Loop
from analyzers.interpret.values import NONE, Const, FuncV, InstV, ListV, Value, class_attribute

if TYPE_CHECKING:
    from analyzers.interpret.machine import Machine

RunBody = Callable[["Machine", Sequence[ast.stmt], Scope], bool]


class _StopTaking(BaseException):
    """Leaves a generator whose loop ended (a `break`, or something raised in the body): the
    generator is closed there, its `finally` blocks run, and nothing reaches its `except`."""


class GeneratorLoop:
    """`for item in gen(...):` (or `enumerate(gen(...))`, `itertools.islice(gen(...), n)`,
    `async for` over an async generator, or a loop over an object whose `__iter__` is one)
    where `gen` is a generator function of the repository: its body runs with the loop's body
    at each `yield`, so what the loop does between items (saving the weights a later item
    serves) comes between them, as in Python."""

    def __init__(self, m: Machine, node: Loop, scope: Scope, loc: Loc, run_body: RunBody) -> None:
        self.m, self.node, self.scope, self.loc = m, node, scope, loc
        self.run_body = run_body  # one iteration of the loop's body; True when it breaks
        call: ast.expr = node.iter
        self.start: int | None = None
        self.stop: int | None = None  # `islice`'s count: the loop ends after so many items
        if isinstance(call, ast.Call):
            call, self.start = _enumerated(call, scope)
        if isinstance(call, ast.Call) and self.start is None:
            call, self.stop = _isliced(call, scope)
        self.consumer = Consumer(call, self.take)
        self.items = 0  # handed to the loop so far
        self.broke = False
        self.ended: Signal | None = None  # what the body raised, raised again after the loop
        # Where the loop is: the generator's calls, loops and blocks above these are set
        # aside while the loop's body runs, as Python suspends the generator then.
        self.depths = (len(m.frames), len(m.yield_handlers), len(m.loops), len(m.marks))

    def iterable(self) -> Value:
        """The loop's iterable; a generator it calls hands its items to the loop meanwhile."""
        return self._taking(lambda: self.m.eval(self.node.iter, self.scope))

    def over(self, instance: InstV) -> bool:
        """`for item in rollouts:` with an object whose class's `__iter__` is a generator:
        run it so; False when it is not one (the loop goes on as any other)."""
        method = class_attribute(instance.cls, "__iter__")
        if not (
            isinstance(method, FuncV)
            and isinstance(method.node, ast.FunctionDef)
            and calls.has_yield(method.node)
            and self.start is None
            and self.stop is None
        ):
            return False
        args = CallArgs(call=(self.scope.module.source, self.node.iter))
        bound = replace(method, bound_self=instance)
        self._taking(lambda: calls.call_function(self.m, bound, args, self.loc))
        return self.consumer.ran

    def by_next(self, instance: InstV) -> Value | None:
        """`for item in Rollouts(3):` whose class's `__iter__` (not a generator) hands back an
        object whose class has a `__next__` (itself, usually): each item is made by calling it
        as the loop takes it, until it raises StopIteration, so what the loop's body does comes
        between the items. None when the loop ran so; else what the loop goes over: what
        `__iter__` handed back (`iter(self.items)`), or the object when its class has none."""
        m = self.m
        method = class_attribute(instance.cls, "__iter__")
        if not (
            isinstance(method, FuncV)
            and isinstance(method.node, ast.FunctionDef)
            and not calls.has_yield(method.node)
            and self.start is None
            and self.stop is None
        ):
            return instance
        bound_iter = replace(method, bound_self=instance)
        iterator = calls.call_function(m, bound_iter, CallArgs(), self.loc)
        step = class_attribute(iterator.cls, "__next__") if isinstance(iterator, InstV) else None
        if not isinstance(step, FuncV):
            return iterator
        bound = replace(step, bound_self=iterator)
        m.loops.append(self.loc)
        try:
            for _ in range(m.limits.loop_cap):
                try:
                    item = calls.call_function(m, bound, CallArgs(), self.loc)
                except Raised as raised:
                    if raised.type_name.rpartition(".")[2] == "StopIteration":
                        return None
                    raise
                m.assign(self.node.target, item, self.scope)
                if self.run_body(m, self.node.body, self.scope):
                    self.broke = True
                    return None
            m.trace.truncated.append(self.loc)
        finally:
            m.loops.pop()
        return None

    def _taking(self, run: Callable[[], Value]) -> Value:
        """`run()` with this loop waiting for a generator's items; when the loop ended early,
        what its body raised is raised again here, once the generator is closed."""
        m = self.m
        outer, m.consumer = m.consumer, self.consumer
        try:
            return run()
        except _StopTaking:
            if self.ended is not None:
                raise self.ended from None
            return NONE
        finally:
            m.consumer = outer

    def take(self, item: Value) -> None:
        m = self.m
        stacks: tuple[list[Any], ...] = (m.frames, m.yield_handlers, m.loops, m.marks)
        held = [stack[depth:] for stack, depth in zip(stacks, self.depths, strict=True)]
        for stack, depth in zip(stacks, self.depths, strict=True):
            del stack[depth:]
        m.loops.append(self.loc)
        if self.start is not None:  # `enumerate`'s index, counted as items are taken
            item = ListV([Const(self.start + self.items), item], "tuple")
        self.items += 1
        try:
            m.assign(self.node.target, item, self.scope)
            if self.run_body(m, self.node.body, self.scope):
                self.broke = True
                raise _StopTaking
            if self.stop is not None and self.items >= self.stop:
                raise _StopTaking  # `islice` has all its items: the loop ends as usual
        except Signal as ended:
            self.ended = ended
            raise _StopTaking from None
        finally:
            for stack, depth, kept in zip(stacks, self.depths, held, strict=True):
                del stack[depth:]
                stack.extend(kept)


def _enumerated(call: ast.Call, scope: Scope) -> tuple[ast.Call, int | None]:
    """`enumerate(gen(...))` or `enumerate(gen(...), start=1)` (a literal start, the builtin
    not rebound): the inner call and the start; else the call itself and None."""
    if not (
        isinstance(call.func, ast.Name)
        and call.func.id == "enumerate"
        and scope.lookup("enumerate") is None
        and call.args
        and isinstance(call.args[0], ast.Call)
        and len(call.args) + len(call.keywords) <= 2
    ):
        return call, None
    given = call.args[1] if len(call.args) == 2 else None
    for keyword in call.keywords:
        if keyword.arg != "start":
            return call, None
        given = keyword.value
    if given is None:
        return call.args[0], 0
    if isinstance(given, ast.Constant) and type(given.value) is int:
        return call.args[0], given.value
    return call, None


def _isliced(call: ast.Call, scope: Scope) -> tuple[ast.Call, int | None]:
    """`itertools.islice(gen(...), 5)` (a literal count above 0): the inner call and the
    count; else the call itself and None."""
    # The shape first, read off the syntax: the name lookups only for a call that has it.
    if call.keywords or len(call.args) != 2:
        return call, None
    inner, count = call.args
    if not (
        isinstance(inner, ast.Call)
        and isinstance(count, ast.Constant)
        and type(count.value) is int
        and count.value > 0
    ):
        return call, None
    func = call.func
    if isinstance(func, ast.Name):
        named = library_name(scope, func.id)
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        module = library_name(scope, func.value.id)
        named = f"{module}.{func.attr}" if module is not None else None
    else:
        named = None
    return (inner, count.value) if named == "itertools.islice" else (call, None)
