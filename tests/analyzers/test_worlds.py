"""Undecidable branches: every combination is run, a fixed flag is decided once per run."""

from __future__ import annotations

from analyzers.interpret.worlds import Oracle, explore


def test_every_combination_is_explored_main_path_first() -> None:
    def run(oracle: Oracle) -> tuple[bool, bool]:
        return oracle.decide(True), oracle.decide(False)

    results, complete = explore(run, max_worlds=10)
    assert complete
    assert results[0] == (True, False)
    assert sorted(results) == [(False, False), (False, True), (True, False), (True, True)]


def test_a_memoised_condition_is_answered_once_per_run() -> None:
    def run(oracle: Oracle) -> tuple[bool, bool]:
        return oracle.decide(True, "args.flag"), oracle.decide(False, "args.flag")

    results, complete = explore(run, max_worlds=10)
    assert complete
    assert sorted(results) == [(False, False), (True, True)]


def test_the_budget_stops_exploration_and_says_so() -> None:
    def run(oracle: Oracle) -> int:
        return sum(oracle.decide(True) for _ in range(10))

    results, complete = explore(run, max_worlds=5)
    assert not complete
    assert len(results) == 5
    assert results[0] == 10
