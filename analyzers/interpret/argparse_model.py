"""`argparse`: options and their defaults, so `args.x` is the default when one is given.

An option without a default (or with `None`) is an unknown fixed for the run; a list option
(`nargs="+"`, `nargs=2`, `action="append"`) without a default is a list of unknown length. A
default is one candidate, not a fact: in a second world the options that have one are given by
the user (unknown), a list option's as a list of unknown length (`--ckpts a b` in place of its
default `["final"]`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret import relevance
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.objects import NamespaceV, ParserV
from analyzers.interpret.values import NONE, Const, ListV, SeqSym, Value, describe

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine

_UNSET = object()


def _dest(args: CallArgs) -> tuple[str, str] | None:
    explicit = args.keywords.get("dest")
    flags = [a.value for a in args.positional if isinstance(a, Const) and isinstance(a.value, str)]
    if not flags:
        return None
    longs = [f for f in flags if f.startswith("--")]
    shown = longs[0] if longs else flags[0]
    if isinstance(explicit, Const) and isinstance(explicit.value, str):
        return explicit.value, shown
    name = shown.lstrip("-").replace("-", "_")
    return name, shown


def parser_method(m: Machine, parser: ParserV, name: str, args: CallArgs, loc: Loc) -> Value:
    if name == "add_argument":
        _add_argument(m, parser, args, loc)
        return NONE
    if name in ("add_argument_group", "add_mutually_exclusive_group"):
        return parser
    if name == "set_defaults":
        parser.defaults.update(args.keywords)
        return NONE
    if name == "parse_args":
        return _namespace(m, parser)
    if name in ("parse_known_args", "parse_known_intermixed_args"):
        return ListV([_namespace(m, parser), m.opaque("unparsed arguments", loc)], "tuple")
    return m.opaque(f"`{loc.code}`", loc)


def _add_argument(m: Machine, parser: ParserV, args: CallArgs, loc: Loc) -> None:
    found = _dest(args)
    if found is None:
        return
    dest, shown = found
    parser.declared[dest] = shown
    action = args.keywords.get("action")
    action_name = action.value if isinstance(action, Const) else None
    default = args.keywords.get("default")
    if default is None:
        if action_name == "store_true":
            default = Const(False)
        elif action_name == "store_false":
            default = Const(True)
        elif action_name == "count":
            default = Const(0)
    nargs = args.keywords.get("nargs")
    many = _many(nargs) or action_name in ("append", "extend")
    if many:
        parser.lists.add(dest)
    if default is None or (isinstance(default, Const) and default.value is None):
        parser.defaults.pop(dest, None)
        if many:
            parser.defaults[dest] = SeqSym(f"args.{dest}", f"args.{dest}", str(loc))
        return
    parser.defaults[dest] = default


def _many(nargs: Value | None) -> bool:
    """Whether `nargs` makes the option a list: `+`, `*` or a count (`nargs=2`)."""
    if not isinstance(nargs, Const):
        return False
    value = nargs.value
    return value in ("+", "*") or (isinstance(value, int) and not isinstance(value, bool))


def _given(value: Value) -> bool:
    """A default a user plausibly overrides: a mode, a flag, a name, a number (a capacity,
    a count of epochs), a list (the checkpoints to evaluate)."""
    if isinstance(value, ListV):
        return True
    return isinstance(value, Const) and isinstance(value.value, str | bool | int | float)


def _keeps_defaults(m: Machine, parser: ParserV) -> bool:
    """One world keeps every default; in the other, the modes and flags are given on the
    command line (unknown), so `if args.mode == "sweep":` is explored both ways."""
    if not any(_given(parser.defaults[d]) for d in parser.declared if d in parser.defaults):
        return True
    shown = "whether the command line keeps the defaults of its options"
    return m.ask(shown, "cli-defaults", default=True, weight=relevance.CALLS)


def _namespace(m: Machine, parser: ParserV) -> NamespaceV:
    attrs: dict[str, Value] = {}
    notes: dict[str, str] = {}
    keep = _keeps_defaults(m, parser)
    if not keep:
        given = [
            shown
            for dest, shown in parser.declared.items()
            if dest in parser.defaults and _given(parser.defaults[dest])
        ]
        more = " …" if len(given) > 3 else ""
        m.trace.assume_input(f"the command line giving {', '.join(given[:3])}{more}")
    for dest, shown in parser.declared.items():
        if dest in parser.defaults and (keep or not _given(parser.defaults[dest])):
            value = parser.defaults[dest]
            attrs[dest] = value
            if not isinstance(value, SeqSym):
                notes[dest] = f"{shown} keeps its default {describe(value)}"
        elif dest in parser.lists:
            attrs[dest] = SeqSym(f"args.{dest}", f"args.{dest}")
        else:
            attrs[dest] = m.fixed(f"args.{dest}", f"args.{dest}")
    for dest, value in parser.defaults.items():
        attrs.setdefault(dest, value)
    return NamespaceV(attrs, "args", notes)
