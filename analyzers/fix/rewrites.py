"""The rewrites of `analyzers.vllm.fixes.REWRITES`, each as libcst edits of one file, or the
reason it does not apply there. Whether an applicable rewrite is safe is the re-scan's call."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import libcst as cst

from analyzers.fix.edits import Edit, import_end, replace_argument_value, set_keyword
from analyzers.fix.sites import (
    Parsed,
    argument,
    dotted,
    int_value,
    is_async_scope,
    is_pure,
    loops_around,
    new_name,
    scope_of,
    statement_of,
)
from analyzers.vllm.api import FACET_NAMES, REQUEST_KEYWORD

ID_MAP = "_lora_ids"
# Engines whose `remove_lora` is reached through `.llm_engine`, called directly, or awaited.
_THROUGH_FACET = frozenset({"LLM"})
_DIRECT = frozenset({"LLMEngine"})
_AWAITED = frozenset({"AsyncLLMEngine", "AsyncLLM"})
_LOADS = frozenset({"add_lora"})


@dataclass(frozen=True)
class Target:
    """One Affected row's request sites in one parsed file, and what its evidence says."""

    parsed: Parsed
    calls: tuple[cst.Call, ...]  # the request constructions the row's sites point at
    serve_lines: tuple[int, ...]  # lines of this file that served a stale adapter
    engine_kinds: frozenset[str]  # the engine classes the row's requests went to


Builder = Callable[[Target], Edit | str]


def _code(target: Target, node: cst.CSTNode) -> str:
    return " ".join(target.parsed.code(node).split())


def _change_ids(target: Target, new_id: Callable[[cst.Call], str | None], what: str) -> Edit | str:
    """Give each site's id argument the expression `new_id` returns (None: leave that site)."""
    edit = Edit()
    for call in target.calls:
        arg = argument(call, "lora_id")
        expression = new_id(call)
        if arg is None or expression is None:
            continue
        if _code(target, arg.value) == " ".join(expression.split()):
            continue  # the request already takes its id from there
        edit.changes[arg] = replace_argument_value(expression)
        _name_with_id(edit, call, expression)
    return edit if edit else what


def _name_with_id(edit: Edit, call: cst.Call, id_expression: str) -> None:
    """A literal `lora_name` gets the new id after it (`"policy"` -> `f"policy-{i + 1}"`): vLLM
    0.11.1 to 0.30 keys its prefix cache by the name, so a new id under the old name would be
    given KV blocks computed with the earlier adapter's weights, and one batch keeps one
    request per name."""
    arg = argument(call, "name")
    if arg is None or not isinstance(arg.value, cst.SimpleString):
        return
    text = arg.value.evaluated_value
    if not isinstance(text, str):
        return
    expression = " ".join(id_expression.split())
    if text.isprintable() and not set(text) & set('"{}\\') and '"' not in expression:
        named = f'f"{text}-{{{expression}}}"'
    else:
        named = f"{text + '-'!r} + str({expression})"
    edit.changes[arg] = replace_argument_value(named)


def enumerate_index(target: Target) -> Edit | str:
    """`for i, x in enumerate(xs)` around the request: its id becomes `i + 1` (or `i` when the
    enumeration starts at 1 or more)."""

    def index_id(call: cst.Call) -> str | None:
        for loop in loops_around(target.parsed, call):
            found = _enumerate_index(loop)
            if found is not None:
                name, start = found
                return name if start >= 1 else f"{name} + {1 - start}"
        return None

    return _change_ids(
        target, index_id, "no `for index, item in enumerate(...)` loop runs the request"
    )


def _enumerate_index(loop: cst.For) -> tuple[str, int] | None:
    if not isinstance(loop.iter, cst.Call) or dotted(loop.iter.func) != "enumerate":
        return None
    target = loop.target
    if not isinstance(target, cst.Tuple) or len(target.elements) != 2:
        return None
    index = target.elements[0].value
    if not isinstance(index, cst.Name):
        return None
    start = 0
    for position, arg in enumerate(loop.iter.args):
        if arg.star:
            return None
        is_start = (arg.keyword is not None and arg.keyword.value == "start") or (
            arg.keyword is None and position == 1
        )
        if is_start:
            value = int_value(arg.value)
            if value is None or value < 0:
                return None
            start = value
    return index.value, start


def counter(target: Target) -> Edit | str:
    """A counter the loop around the request already keeps: `for step in range(...)` (id
    `step + 1`), or `n += 1` after `n = 0` outside the loop (id `n`, or `n + 1` when the request
    comes before the increment)."""

    def counter_id(call: cst.Call) -> str | None:
        for loop in loops_around(target.parsed, call):
            found = _range_counter(loop)
            if found is None:
                found = _incremented(target.parsed, loop, call)
            if found is not None:
                return found
        return None

    return _change_ids(target, counter_id, "no loop counter is in scope at the request")


def _range_counter(loop: cst.For) -> str | None:
    if not isinstance(loop.iter, cst.Call) or dotted(loop.iter.func) != "range":
        return None
    if not isinstance(loop.target, cst.Name) or any(
        arg.star or arg.keyword for arg in loop.iter.args
    ):
        return None
    args = loop.iter.args
    start = 0 if len(args) == 1 else int_value(args[0].value)
    step = 1 if len(args) < 3 else int_value(args[2].value)
    if start is None or start < 0 or step is None or step < 1:
        return None
    name = loop.target.value
    return name if start >= 1 else f"{name} + 1"


def _incremented(parsed: Parsed, loop: cst.For, call: cst.Call) -> str | None:
    """`n += k` (k >= 1) directly in the loop's body, `n = c` (c >= 0) before the loop."""
    if not isinstance(loop.body, cst.IndentedBlock):
        return None
    site_line = parsed.source.line_of(call)
    for statement in loop.body.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if not (
                isinstance(small, cst.AugAssign)
                and isinstance(small.operator, cst.AddAssign)
                and isinstance(small.target, cst.Name)
            ):
                continue
            step = int_value(small.value)
            start = _initial_value(parsed, loop, small.target.value)
            if step is None or step < 1 or start is None or start < 0:
                continue
            name = small.target.value
            before = parsed.source.line_of(statement) < site_line
            return name if before else f"{name} + 1"
    return None


def _initial_value(parsed: Parsed, loop: cst.For, name: str) -> int | None:
    """The integer `name` is set to in the loop's scope before the loop, if exactly once."""
    scope = scope_of(parsed, loop)
    loop_line = parsed.source.line_of(loop)
    values = []
    for node in parsed.nodes():
        if not isinstance(node, cst.Assign) or scope_of(parsed, node) is not scope:
            continue
        names = [t.target for t in node.targets if isinstance(t.target, cst.Name)]
        if any(found.value == name for found in names):
            inside = any(ancestor is loop for ancestor in parsed.ancestors(node))
            if inside or parsed.source.line_of(node) > loop_line:
                return None  # reset inside the loop, or set after it: not a running count
            values.append(int_value(node.value))
    return values[0] if len(values) == 1 else None


def id_map(target: Target) -> Edit | str:
    """A module-level dict from adapter path to id: `_lora_ids.setdefault(path, len(_lora_ids)
    + 1)` gives every distinct path its own id, the same one each time the path comes back."""
    name = new_name(target.parsed, ID_MAP)
    end_line = _first_line_after_imports(target.parsed)
    edit = Edit()
    why = "the request has no adapter path argument"
    for call in target.calls:
        arg, path = argument(call, "lora_id"), argument(call, "path")
        if arg is None or path is None:
            continue
        if not is_pure(path.value):
            why = f"the adapter path `{_code(target, path.value)}` may change when evaluated again"
            continue
        if scope_of(target.parsed, call) is target.parsed.module and (
            target.parsed.source.line_of(call) < end_line
        ):
            why = "the request runs before the imports end, where the id map would be defined"
            continue
        expression = f"{name}.setdefault({target.parsed.code(path.value)}, len({name}) + 1)"
        edit.changes[arg] = replace_argument_value(expression)
        _name_with_id(edit, call, expression)
    if not edit:
        return why
    edit.after_imports.append(f"{name}: dict[object, int] = {{}}  # adapter path -> lora_int_id")
    return edit


def _first_line_after_imports(parsed: Parsed) -> int:
    body = parsed.module.body
    index = import_end(parsed.module)
    return parsed.source.line_of(body[index]) if index < len(body) else 10**9


def load_inplace(target: Target) -> Edit | str:
    """`load_inplace=True` on each request: vLLM (>= 0.15) re-reads the folder every time."""
    edit = Edit()
    for call in target.calls:
        if any(arg.star == "**" for arg in call.args):
            continue  # `**kwargs` may already pass it: a second one is a TypeError
        current = argument(call, "load_inplace")
        if current is not None and _code(target, current.value) == "True":
            continue
        edit.changes[call] = set_keyword("load_inplace", "True")
    return edit if edit else "every request already passes load_inplace=True, or `**kwargs`"


def remove_lora(target: Target) -> Edit | str:
    """`remove_lora(id)` on the engine just before each serve that was stale: the id is read
    again from its folder."""
    edit = Edit()
    why = "no serve call of the stale request was found on the line the report names"
    for line in target.serve_lines:
        call = _serve_call(target.parsed, line)
        if call is None:
            continue
        found, problem = _removal(target, call)
        if found is None:
            why = problem
            continue
        statement = statement_of(target.parsed, call)
        if statement is None:
            why = "the serve call runs inside an expression that runs more than once"
            continue
        anchor: cst.CSTNode | None = statement.compound
        if statement.small is not None:
            holder = statement.holder
            first = (
                isinstance(holder, cst.SimpleStatementLine) and holder.body[0] is statement.small
            )
            anchor = holder if first else statement.small
        assert anchor is not None
        edit.before.setdefault(anchor, [])
        if found not in edit.before[anchor]:
            edit.before[anchor].append(found)
    return edit if edit else why


def _serve_call(parsed: Parsed, line: int) -> cst.Call | None:
    """The innermost call on `line` that hands a request to an engine method."""
    found = []
    for node, where in parsed.source.positions.items():
        if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Attribute):
            continue
        if where.start.line <= line <= where.end.line and _request_argument(node) is not None:
            found.append((where.end.line - where.start.line, len(parsed.code(node)), node))
    found.sort(key=lambda item: (item[0], item[1]))
    return found[0][2] if found else None


def _request_argument(call: cst.Call) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == REQUEST_KEYWORD:
            return arg
    if isinstance(call.func, cst.Attribute) and call.func.attr.value in _LOADS and call.args:
        first = call.args[0]
        return first if first.keyword is None and not first.star else None
    return None


def _removal(target: Target, call: cst.Call) -> tuple[str | None, str]:
    """The statement that removes the served request's id from the serving engine, or None and
    why none can be written."""
    assert isinstance(call.func, cst.Attribute)
    receiver = call.func.value
    if not is_pure(receiver):
        return None, f"the engine `{_code(target, receiver)}` may change when evaluated again"
    request = _request_argument(call)
    assert request is not None
    lora_id = _served_id(target, request.value)
    if lora_id is None:
        why = f"the id of the served request `{_code(target, request.value)}` cannot be named"
        return None, why
    engine = target.parsed.code(receiver)
    kinds = target.engine_kinds
    last = receiver.attr.value if isinstance(receiver, cst.Attribute) else None
    if last in FACET_NAMES or (kinds and kinds <= _DIRECT):
        return f"{engine}.remove_lora({lora_id})", ""
    if kinds and kinds <= _THROUGH_FACET:
        return f"{engine}.llm_engine.remove_lora({lora_id})", ""
    if kinds and kinds <= _AWAITED:
        if not is_async_scope(target.parsed, call):
            return None, "the engine's remove_lora is a coroutine and the serve is not async code"
        return f"await {engine}.remove_lora({lora_id})", ""
    return None, "the class of the serving engine is not known"


def _served_id(target: Target, request: cst.BaseExpression) -> str | None:
    for call in target.calls:
        if request is call:
            arg = argument(call, "lora_id")
            if arg is None or not is_pure(arg.value):
                return None
            return target.parsed.code(arg.value)
    if isinstance(request, cst.Name | cst.Attribute | cst.Subscript) and is_pure(request):
        return f"{target.parsed.code(request)}.lora_int_id"
    return None


BUILDERS: dict[str, Builder] = {
    "enumerate-index": enumerate_index,
    "counter": counter,
    "id-map": id_map,
    "load-inplace": load_inplace,
    "remove-lora": remove_lora,
}
