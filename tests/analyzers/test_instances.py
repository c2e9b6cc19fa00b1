"""`isinstance` on values the analysis built: answered only where the class graph proves it."""

from __future__ import annotations

from typing import Any

from analyzers.interpret.instances import is_instance
from analyzers.interpret.values import NONE, ClassV, Const, DictV, Ext, InstV, ListV, Sym

NO_MODULE: Any = None
LORA = Ext("vllm.lora.request.LoRARequest")


def _class(name: str, *bases: Any) -> ClassV:
    return ClassV(name, NO_MODULE, {}, list(bases))


def test_an_instance_is_one_of_its_classes_and_their_bases() -> None:
    base = _class("Base")
    spec = _class("Spec", base)
    other = _class("Other")
    assert is_instance(InstV(spec), spec) is True
    assert is_instance(InstV(spec), base) is True
    assert is_instance(InstV(spec), other) is False
    assert is_instance(InstV(spec), ListV([other, base], "tuple")) is True


def test_a_library_base_decides_only_what_it_can() -> None:
    wrapped = _class("Wrapped", Ext("torch.nn.Module"))
    # a library class may derive from another library class, never from the repository's own
    assert is_instance(InstV(wrapped), LORA) is None
    assert is_instance(InstV(wrapped), _class("Spec")) is False
    assert is_instance(InstV(wrapped), Ext("torch.nn.Module")) is True


def test_a_base_the_analysis_could_not_resolve_leaves_it_unknown() -> None:
    target = _class("Spec")
    unresolved = _class("FromBrokenModule", Sym("s#1", "an unresolved import"))
    assert is_instance(InstV(unresolved), target) is None


def test_displays_and_none_are_instances_of_their_own_type_only() -> None:
    spec = _class("Spec")
    assert is_instance(ListV([Const("bos")], "set"), Ext("builtins.str")) is False
    assert is_instance(ListV([], "tuple"), Ext("builtins.tuple")) is True
    assert is_instance(DictV(), spec) is False
    assert is_instance(ListV([]), Ext("collections.abc.Sequence")) is None
    assert is_instance(NONE, spec) is False
    assert is_instance(NONE, LORA) is False
    assert is_instance(Const(3), spec) is None  # literals other than None: the builtin rules
