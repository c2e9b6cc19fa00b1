"""Undecidable branches: every combination is run, a fixed flag is decided once per run."""

from __future__ import annotations

from analyzers.interpret.runtime import Limits
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


def test_a_decision_with_a_heavier_branch_is_tried_before_lighter_ones() -> None:
    """Thirty light decisions come first in program order; the heavy one is still flipped in the
    second world, where depth first would spend the whole budget on the light ones."""

    def run(oracle: Oracle) -> bool:
        for _ in range(30):
            oracle.decide(True, weight=0)
        return oracle.decide(True, weight=2)

    results, complete = explore(run, max_worlds=3)
    assert not complete
    assert results[:2] == [True, False]


def test_weights_only_order_the_search_every_combination_still_runs() -> None:
    def run(oracle: Oracle) -> tuple[bool, bool, bool]:
        return oracle.decide(True, weight=0), oracle.decide(True, weight=2), oracle.decide(False)

    results, complete = explore(run, max_worlds=20)
    assert complete
    assert len(results) == 8
    assert len(set(results)) == 8
    assert results[1] == (True, False, False)


def test_the_rest_of_a_block_is_the_other_side_of_an_if_whose_body_may_leave_it() -> None:
    import ast

    from analyzers.interpret.relevance import SITES, rest_after, weight

    tree = ast.parse(
        "for step in steps:\n"
        "    if cached(step):\n"
        "        try:\n"
        "            show(step)\n"
        "            continue\n"
        "        except OSError:\n"
        "            pass\n"
        "    llm.generate(prompts, lora_request=request(step))\n"
        "    if verbose:\n"
        "        print(step)\n"
        "    done(step)\n"
    )
    loop = tree.body[0]
    assert isinstance(loop, ast.For)
    cached, serve, verbose, _ = loop.body
    assert isinstance(cached, ast.If)
    rest = rest_after(tree, cached)
    assert rest == [serve, verbose, loop.body[3]]
    assert weight([cached.body, rest]) == SITES  # the serve is what the body may skip
    assert rest_after(tree, verbose) is None  # its body never leaves: both sides run the rest


def test_a_late_entry_gets_a_share_of_its_own_while_the_allowance_lasts() -> None:
    limits = Limits(total_steps=100, late_entry_steps=10, late_entries_steps=25)
    assert limits.late_entry(60) is limits  # within the budget: the budget's own end
    assert limits.late_entry(101).stops_at == 111
    assert limits.late_entry(120).stops_at == 125  # the allowance ends first
