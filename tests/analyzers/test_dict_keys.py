"""Which pairs of unknown dict keys a world is asked about: unrolled items of one sequence,
or the same part of two of them, stand for distinct items and are never asked."""

from __future__ import annotations

from analyzers.interpret.containers import _siblings


def test_items_of_one_unrolled_sequence_and_their_parts_are_siblings() -> None:
    assert _siblings("param:run.names#2[0]", "param:run.names#2[1]")
    assert _siblings("opaque#3[0][0]", "opaque#3[1][0]")
    assert _siblings("opaque#5[0].name", "opaque#5[1].name")


def test_other_unknowns_are_not_siblings() -> None:
    assert not _siblings("param:run.names#2[0]", "param:run.names#2[0]")  # one value
    assert not _siblings("param:run.names#2[0]", "param:run.names#11[0]")  # another call's list
    assert not _siblings("opaque#5[0].name", "opaque#5[1].path")  # different parts
    assert not _siblings("param:get.name#4", "param:get.name#9")  # no sequence at all
