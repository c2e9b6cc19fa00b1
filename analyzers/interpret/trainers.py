"""The callbacks of a Hugging Face `Trainer`: called by `trainer.train()`, with its step count.

A `TrainerCallback` handed to a trainer (`trainer.add_callback(cb)`, `Trainer(callbacks=[cb])`)
is called by `train()`, not where it is handed over, and each event gets the trainer's state:
`state.global_step` is the same for every event of one optimizer step and one higher at each
`on_step_end()`. A callback that names its request by the step (`LoRARequest(f"step-{step}",
step, folder)`) therefore gives each serve an id of its own within one `train()`, while every
`train()` starts its state again from the same step (a fresh `TrainerState`), so a second
`train()` with the same callback repeats the ids of the first. What is modelled here is exactly
that: the callbacks of a trainer wait until its `train()` runs them, once per call; a callback
whose trainer the run never trains (handed on to code the analysis cannot see) is called where
the run ends, as any object handed to unseen code is (`unseen.py`), with its step unknown.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, TypeGuard

from analyzers.files.parsing import Loc
from analyzers.interpret import entry_args
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.objects import object_key
from analyzers.interpret.syntax import parameters
from analyzers.interpret.unseen import IN_TURN_ROUNDS, call_in_turn, called_methods, escape
from analyzers.interpret.values import (
    ClassV,
    Const,
    Ext,
    FuncV,
    InstV,
    ListV,
    SteppedItem,
    Sym,
    Value,
    describe,
    is_none,
)

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine

_CALLBACK_BASES = frozenset(
    {"transformers.TrainerCallback", "transformers.trainer_callback.TrainerCallback"}
)
# `TrainerCallback`'s events: each is called as `event(args, state, control, **kwargs)`.
_EVENTS = frozenset(
    {
        "on_init_end", "on_train_begin", "on_train_end", "on_epoch_begin", "on_epoch_end",
        "on_step_begin", "on_pre_optimizer_step", "on_optimizer_step", "on_substep_end",
        "on_step_end", "on_evaluate", "on_predict", "on_save", "on_log", "on_prediction_step",
    }
)  # fmt: skip
# What the trainer passes every event by keyword (`CallbackHandler.call_event`).
_HANDED = (
    "model", "processing_class", "tokenizer", "optimizer", "lr_scheduler", "train_dataloader",
    "eval_dataloader",
)  # fmt: skip
_STEP = "on_step_end"  # the event after which `state.global_step` has gone up by one
_FIRST, _LAST = "on_train_begin", "on_train_end"
# The step every fresh `TrainerState` starts from (0, or a checkpoint's step on a resume): one
# unknown for all of a run's trainers, so two `train()` calls meet at the same steps.
_START = "trainer.state.global_step"


def is_callback(value: Value) -> TypeGuard[InstV]:
    """Whether `value` is an instance of a repository subclass of `TrainerCallback`."""
    if not isinstance(value, InstV):
        return False
    todo: list[Value] = [value.cls]
    seen: set[int] = set()
    while todo:
        current = todo.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, Ext) and current.qual in _CALLBACK_BASES:
            return True
        if isinstance(current, ClassV):
            todo += current.bases
    return False


def holder_key(value: Value) -> str | None:
    """A key for a trainer that stays the same for the whole run (and in a copied state)."""
    if isinstance(value, Sym):
        return object_key(value)
    if isinstance(value, InstV) and value.born >= 0:
        return f"instance:{value.cls.name}#{value.born}"
    return None


def _callbacks_in(items: list[Value]) -> list[InstV]:
    """The `TrainerCallback`s of the repository among `items` that have methods worth calling."""
    return [item for item in items if is_callback(item) and called_methods(item.cls)]


def _items(value: Value) -> list[Value]:
    return value.items if isinstance(value, ListV) else [value]


def holds_callbacks(value: Value) -> bool:
    """Whether a hook argument (`callbacks=[cb]`) holds a `TrainerCallback` of the repository."""
    return bool(_callbacks_in(_items(value)))


def hand_over(m: Machine, holder: str, value: Value, loc: Loc, why: str) -> Value | None:
    """Keep the callbacks of a hook argument for the trainer `holder`'s `train()`; what is left
    of the argument to hand to unseen code as before (None: nothing)."""
    items = _items(value)
    kept = _callbacks_in(items)
    if not kept:
        return value
    m.unseen.trainers.setdefault(holder, []).extend((item, loc, why) for item in kept)
    rest = [item for item in items if not any(item is other for other in kept)]
    if not rest:
        return None
    return ListV(rest, value.kind) if isinstance(value, ListV) else None


def take_callbacks(m: Machine, instance: InstV, args: CallArgs, loc: Loc) -> None:
    """`MyTrainer(callbacks=[cb])` of a repository subclass of a library trainer that keeps
    the library's `__init__`: the instance's `train()` runs them."""
    holder = holder_key(instance)
    value = args.keywords.get("callbacks")
    if holder is not None and value is not None and holds_callbacks(value):
        why = f"is handed to {instance.cls.name}()"
        rest = hand_over(m, holder, value, loc, why)
        if rest is not None:
            escape(m, rest, loc, why, hooks=True)


def train(m: Machine, holder: str, receiver: Value, args: CallArgs, loc: Loc) -> None:
    """`trainer.train()`: each callback handed to the trainer runs as the trainer runs it,
    from a fresh state (the same start step as every other `train()`, unless it resumes from a
    checkpoint the analysis cannot see)."""
    pending = m.unseen.trainers.get(holder)
    if not pending:
        return
    m.unseen.trained.add(holder)
    resume = args.get(0, "resume_from_checkpoint")
    fresh = resume is None or is_none(resume) or resume == Const(False)
    start = _START if fresh else f"{_START}#{m.serial()}"
    for instance, where, why in list(pending):
        trainer = f"{describe(receiver)}.train()"
        _run(m, instance, where=where, why=why, trainer=trainer, loc=loc, start=start, fresh=fresh)


def flush(m: Machine) -> None:
    """The callbacks of trainers the run never trained: the trainer went to code the analysis
    cannot see, which may train it; they are called as any object handed to it is."""
    for holder, pending in list(m.unseen.trainers.items()):
        if holder in m.unseen.trained:
            continue
        m.unseen.trained.add(holder)
        for instance, where, why in pending:
            escape(m, instance, where, why, hooks=True)


def _run(
    m: Machine,
    instance: InstV,
    *,
    where: Loc,
    why: str,
    trainer: str,
    loc: Loc,
    start: str,
    fresh: bool,
) -> None:
    chosen = called_methods(instance.cls)
    first = [func for func in chosen if func.name == _FIRST]
    last = [func for func in chosen if func.name == _LAST]
    middle = [func for func in chosen if func.name not in (_FIRST, _LAST)]
    names = ", ".join(f"{func.name}()" for func in chosen)
    order = f"{_FIRST}() first, the others in turn" if first else "in turn"
    m.trace.assume(
        f"{instance.cls.name} {why} ({where}), and {trainer} ({loc}) calls its methods {names} "
        f"as a Trainer does: {order}, again and again, with state.global_step one higher at "
        f"each {_STEP}() and starting again at each train()"
        + ("" if fresh else " (from the checkpoint it resumes from, unknown here)")
    )
    m.trace.entry = "() then ".join(f"{instance.cls.name}.{func.name}" for func in chosen)
    step = [0]

    def arguments(func: Value) -> CallArgs:
        assert isinstance(func, FuncV)
        if func.name not in _EVENTS:
            return entry_args.arguments(m, func, loc)
        if func.name == _STEP:
            step[0] += 1
        return _event_arguments(m, func, _state(m, start, step[0], fresh, loc), loc)

    bound: list[Value] = [replace(func, bound_self=instance) for func in chosen]
    by_name = {func.name: value for func, value in zip(chosen, bound, strict=True)}
    for group, rounds in ((first, 1), (middle, IN_TURN_ROUNDS), (last, 1)):
        if group:
            call_in_turn(m, [by_name[f.name] for f in group], loc, rounds, arguments=arguments)


def _event_arguments(m: Machine, func: FuncV, state: Value, loc: Loc) -> CallArgs:
    """What the trainer passes an event: `(args, state, control)` by position, and by keyword
    the objects it holds (`model=`, `optimizer=`...), none of them None."""
    declared = parameters(func.node)
    names = {parameter.name for parameter in (*declared.positional, *declared.keyword_only)}
    args = CallArgs()
    if len(declared.positional) - 1 >= 3 or declared.star is not None:
        args.positional = [_held(m, "args", loc), state, _held(m, "control", loc)]
    else:  # a signature that does not take them as a trainer passes them: left unknown
        return entry_args.arguments(m, func, loc)
    for name in _HANDED:
        if name in names or declared.star_star is not None:
            args.keywords[name] = _held(m, name, loc)
    return args


def _held(m: Machine, name: str, loc: Loc) -> Value:
    """An object the trainer holds and passes (unknown, but an object: never None)."""
    value = m.opaque(f"the trainer's {name}", loc)
    m.unseen.use(value)
    return value


def _state(m: Machine, start: str, step: int, fresh: bool, loc: Loc) -> Value:
    """The `TrainerState` an event gets: an object of its own whose `global_step` is the
    run's start step plus the steps ended so far."""
    state = m.fixed(f"trainer-state#{m.serial()}", "state", loc)
    key = object_key(state)
    assert key is not None
    m.unseen.use(state)
    m.unseen.attrs[(key, ".global_step")] = SteppedItem(
        start,
        "state.global_step",
        step,
        opaque=not fresh,
        where=str(loc),
        first="state.global_step at on_train_begin()",
        start=0,
        rounds=True,
    )
    return state
