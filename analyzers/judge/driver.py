"""Analyse one file as a driver: run it (and its request-building functions) in every world.

The file is run as `python file.py`; functions and methods that build or serve requests but were
not reached from there are run on their own with unknown arguments (a library helper, a test
function, a CLI command registered with a decorator). Each run's verdict is computed at every
relevant vLLM version; the worst world decides, and a `Safe-*` that rests on unexplored branches
or a run cut short is not given.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from analyzers.files.parsing import Loc
from analyzers.files.program import Module, ModuleLoader
from analyzers.interpret.machine import Machine, shown_in_turn
from analyzers.interpret.objects import EngineV, RequestV
from analyzers.interpret.resume import SAVE_AFTER_STEPS, Resumes
from analyzers.interpret.runtime import Limits
from analyzers.interpret.trace import (
    EngineBuilt,
    Referenced,
    Served,
    ServerLoad,
    ServerServe,
    Spawned,
    Stop,
    StopKind,
)
from analyzers.interpret.version_checks import allows
from analyzers.interpret.worlds import Oracle, explore
from analyzers.judge.dispatching import dispatching_functions
from analyzers.judge.entries import (
    entry_functions,
    function_node,
    in_turn_entries,
    is_helper,
    line_range,
    named_by_tests,
    reached_without_sites,
)
from analyzers.judge.outcome import SEVERITY, Outcome, rests_on_order, worst
from analyzers.judge.reasons import only_when
from analyzers.judge.unrolling import (
    Widening,
    compared_numbers,
    count_widening,
    periodic_widening,
    widening,
)
from analyzers.judge.verdict import judge
from analyzers.judge.writers import writer_functions
from analyzers.model import Verdict
from analyzers.vllm.releases import LOAD_INPLACE_SINCE, VllmVersion, has_load_inplace

MAX_WORLDS = 32
# Runs again with loops followed further, per driver. Each run has the whole step budget, so
# this bounds a driver's time where a count's threshold grows with the items followed (`i ==
# len(data) - 1` over a dict built in a loop of unknown length asked for 2 more each time, 63
# runs); real needs are met in one widening.
MAX_WIDENINGS = 3
_FULL_EVERY = 16  # drivers per full collection (`analyse_driver`)
_DRIVERS = [0]  # drivers analysed in this process
_MODULUS = re.compile(r"%\s*\(?\s*(\d{1,3})\b")


@dataclass
class DriverResult:
    """What the runs of one file found, before it becomes a report row."""

    outcome: Outcome | None
    flips: list[str] = field(default_factory=list)
    requests: list[RequestV] = field(default_factory=list)
    engines: list[EngineV] = field(default_factory=list)
    spawns: list[Spawned] = field(default_factory=list)
    served_sites: list[Loc] = field(default_factory=list)  # request sites the runs served
    assumptions: list[str] = field(default_factory=list)
    # For request sites no run reached: where the runs stopped, and what they did reach.
    stops: list[Stop] = field(default_factory=list)
    reached: set[tuple[str, int]] = field(default_factory=set)  # (path, line) of sites reached
    unexplored: list[str] = field(default_factory=list)  # conditions of worlds not explored
    cache_patches: list[str] = field(default_factory=list)  # vLLM cache code replaced
    # Per request site served: the calls under way at its first serve (outermost first), so a
    # row can point at the line of its own file that led to a request built elsewhere.
    calls: dict[Loc, tuple[Loc, ...]] = field(default_factory=dict)
    # The file's own run (its top level, its `__main__` block) served a request built or
    # served in the file: its verdict is that of a real run, not only of how callers use it.
    runs_itself: bool = False


def limits_for(module: Module) -> Limits:
    """Enough symbolic iterations to show a wrap of `i % k` (2k + 1), at least three."""
    moduli = [int(found) for found in _MODULUS.findall(module.source.text)]
    small = [k for k in moduli if 1 < k <= 16]
    return Limits(symbolic_iterations=max(3, 2 * max(small, default=1) + 1))


def analyse_driver(
    loader: ModuleLoader,
    module: Module,
    versions: Sequence[VllmVersion],
    primary: VllmVersion | None,
    *,
    share_from: int | None = SAVE_AFTER_STEPS,
) -> DriverResult:
    """`share_from`: a run's state is copied for later worlds that answer alike once at least
    this many steps ran since its last copy (None: every world runs from the beginning)."""
    collecting = gc.isenabled()
    if collecting:
        # What is alive now (parsed trees, what earlier drivers left in the loader) lives on:
        # later collections need not walk it again. Garbage goes first, or it would stay; the
        # audit unfreezes it all when it ends (`audit_tree`), so a history's trees still go.
        # What the last driver left is young (made while collection was off, or just after),
        # so the young generations are collected each time; the oldest, which holds all that
        # earlier audits unfroze (a history sweep runs thousands), every `_FULL_EVERY` drivers:
        # walking it for each driver was a fifth of a sweep's time.
        _DRIVERS[0] += 1
        gc.collect(2 if _DRIVERS[0] % _FULL_EVERY == 1 else 1)
        gc.freeze()
    # The runs, and judging what they kept, build millions of objects in reference cycles
    # that live until the driver is judged: the cyclic collector would walk them again and
    # again for nothing. The next driver's collection above frees them.
    gc.disable()
    try:
        return _analyse(loader, module, versions, primary, share_from)
    finally:
        if collecting:
            gc.enable()


def _analyse(
    loader: ModuleLoader,
    module: Module,
    versions: Sequence[VllmVersion],
    primary: VllmVersion | None,
    share_from: int | None,
) -> DriverResult:
    """Run the driver; a safe answer whose loop ids may meet later is run again, further."""
    limits = limits_for(module)
    compared: list[int] | None = None
    widened = 0
    while True:
        result, machines = _analyse_within(
            loader, module, versions, primary, share_from=share_from, limits=limits
        )
        last = widened == MAX_WIDENINGS
        outcome = result.outcome
        if outcome is None:
            # No run served: a serve guarded by `step % 20 == 0` on a count may need more items.
            wider = _periodic(machines, limits.symbolic_iterations)
            if wider is None:
                return result
            if wider.beyond is not None or last:
                # The serve waits behind a count's test whose answer comes later than the
                # runs followed: the row names it, not "never gets there".
                why = wider.beyond or _unmet(machines, limits, wider)
                result.stops.insert(0, Stop(StopKind.LOOP, why.rstrip(".")))
                return result
            limits, widened = _wider(limits, wider.iterations), widened + 1
            continue
        if not outcome.verdict.is_safe:
            return result
        if compared is None:
            compared = compared_numbers(module.source.tree)
        wider = _widening(machines, compared, limits.symbolic_iterations)
        if wider is None:
            return _shortest(
                result,
                machines,
                lambda shorter: _analyse_within(
                    loader, module, versions, primary, share_from=share_from, limits=shorter
                )[0],
                limits,
            )
        if wider.beyond is not None or last:
            outcome.verdict = Verdict.INDETERMINATE
            outcome.reason = wider.beyond or _unmet(machines, limits, wider)
            return result
        limits, widened = _wider(limits, wider.iterations), widened + 1


def _unmet(machines: list[Machine], limits: Limits, wider: Widening) -> str:
    """Why the answer stays open after the last widening: the loops still asked for more."""
    loops = dict.fromkeys(
        loc for m in machines for loc in (*m.trace.symbolic_loops, *m.trace.truncated)
    )
    where = ", ".join(str(loc) for loc in list(loops)[:3]) or "the driver"
    return (
        f"the loops at {where} were followed for {limits.symbolic_iterations} items, "
        f"{MAX_WIDENINGS} times further than at first, and each longer run asked for more "
        f"({wider.iterations} next; a count's threshold may grow with the items followed): "
        f"what a run of their real length does is not known"
    )


def _shortest(
    result: DriverResult,
    machines: list[Machine],
    run: Callable[[Limits], DriverResult],
    limits: Limits,
) -> DriverResult:
    """Safe by eviction over loops of unknown length: other adapters came between an id's
    repeats because each loop ran over several items. One item leaves none between them (three
    epochs over one checkpoint each reuse id 1 for a new folder), so that run is judged too,
    and the worse answer stands, naming the length."""
    outcome = result.outcome
    if outcome is None or outcome.verdict is not Verdict.SAFE_BY_EVICTION:
        return result
    loops = list(dict.fromkeys(loc for m in machines for loc in m.trace.symbolic_loops))
    if not loops or limits.symbolic_iterations <= 1:
        return result
    short = run(replace(limits, symbolic_iterations=1))
    found = short.outcome
    if found is None or found.verdict.is_safe:
        return result
    where = ", ".join(str(loc) for loc in loops[:3])
    found.reason = only_when(
        found.reason, [f"one item in the loop at {where}"], Verdict.SAFE_BY_EVICTION.value
    )
    return short


def _wider(limits: Limits, iterations: int) -> Limits:
    """Loops of unknown length followed for `iterations` items, and loops of known length at
    least as far (a count's threshold beyond the cap of a `range(1000)`)."""
    return replace(
        limits, symbolic_iterations=iterations, loop_cap=max(limits.loop_cap, iterations)
    )


def _widening(machines: list[Machine], compared: list[int], followed: int) -> Widening | None:
    """The widest need of the runs that followed a loop of unknown length."""
    needs = [
        need
        for machine in machines
        if machine.trace.symbolic_loops
        and (need := widening(_served(machine), compared, followed)) is not None
    ]
    periodic = _periodic(machines, followed)
    return _widest([*needs, *([periodic] if periodic is not None else [])])


def _widest(needs: list[Widening]) -> Widening | None:
    """The first need that no affordable count meets, else the one that follows the most."""
    beyond = next((need for need in needs if need.beyond is not None), None)
    return beyond or max(needs, key=lambda need: need.iterations, default=None)


def _periodic(machines: list[Machine], followed: int) -> Widening | None:
    """The widest need of the runs' tests of counts (modulo k, or against a threshold) in
    loops of unknown length."""
    needs = [
        need
        for machine in machines
        for trace in (machine.trace,)
        for need in (
            periodic_widening(trace.periodic_tests, trace.symbolic_loops, followed),
            periodic_widening(
                trace.periodic_tests,
                trace.truncated,
                max(followed, machine.limits.loop_cap),
                loop=f"a loop longer than the {machine.limits.loop_cap} items followed",
            ),
            count_widening(trace.count_tests, [*trace.symbolic_loops, *trace.truncated], followed),
        )
        if need is not None
    ]
    return _widest(needs)


def _served(machine: Machine) -> list[Served]:
    return [fact for fact in machine.trace.facts if isinstance(fact, Served)]


def _analyse_within(
    loader: ModuleLoader,
    module: Module,
    versions: Sequence[VllmVersion],
    primary: VllmVersion | None,
    *,
    share_from: int | None,
    limits: Limits,
) -> tuple[DriverResult, list[Machine]]:
    spent = [0]
    resumes = Resumes(min_steps=share_from) if share_from is not None else None
    runs = [_explore(loader, module, None, limits, spent, resumes=resumes)]
    covered = {key for machine in runs[0][0] for key in machine.covered}
    entered = {key for machine in runs[0][0] for key in machine.entered}
    entries: list[str] = []
    # Helpers last (private ones, and those of a test file): one that an entry of the file
    # already ran is used the way that entry uses it, so it is not run again on its own.
    tree = module.source.tree
    functions = entry_functions(module) or writer_functions(tree) or dispatching_functions(tree)
    unseen_uses: list[tuple[str, ...]] = []  # the functions only callers outside the file use

    def helper(path: tuple[str, ...]) -> bool:
        return is_helper(module, path)

    for path in sorted(functions, key=helper):
        if named_by_tests(module, path):
            continue  # used as the file's tests use it; their runs follow it
        span = line_range(module, path)
        if span is not None and any(
            p == module.path and span[0] <= line <= span[1] for p, line, _ in covered
        ):
            continue
        if reached_without_sites(module, path, entered):
            continue
        unseen_uses.append(path)
        late = limits.late_entry(spent[0])
        runs.append(_explore(loader, module, path, late, spent, resumes=resumes))
        if not helper(path):
            covered |= {key for machine in runs[-1][0] for key in machine.covered}
        if any(machine.trace.requests or machine.trace.facts for machine in runs[-1][0]):
            node = function_node(module, path)
            called = node is not None and id(node) in entered  # its requests' branch was not
            entries.append(("the requests in " if called else "") + ".".join(path) + "()")
    turns: list[str] = []
    unfinished: list[str] = []  # uses in turn whose worlds were not all explored
    in_file_order = [path for path in functions if path in unseen_uses]
    for path in in_turn_entries(module, in_file_order):
        if spent[0] > limits.total_steps:
            break  # an extra use the budget leaves no room for; each method's own runs stand
        runs.append(_explore(loader, module, path, limits, spent, resumes=resumes))
        owner = f"{path[0]}'s " if path[0] else ""
        turns.append(owner + ", ".join(map(shown_in_turn, dict.fromkeys(path[2:]))))
        if not runs[-1][1] and not any(_serves(machine) for machine in runs[-1][0]):
            unfinished.append(turns[-1])
    result = _combine(runs, versions, primary)
    result.runs_itself = any(_serves_in(machine, module.path) for machine in runs[0][0])
    _unfinished_turns(result, unfinished)
    _cut_routes(result, runs)
    if result.outcome is not None and entries:
        shown = ", ".join(entries[:3]) + (
            f" and {len(entries) - 3} more" if len(entries) > 3 else ""
        )
        both = f"; {' and '.join(turns)} also in turn on one instance" if turns else ""
        result.flips.append(
            f"library mode: no run of the file reaches {shown}, so each is analysed as callers "
            f"outside it may use it (called twice, unknown arguments, one instance, and once "
            f"on a second instance where it holds an object of the first{both})"
        )
    return result, [machine for machines, _ in runs for machine in machines]


def _explore(
    loader: ModuleLoader,
    module: Module,
    entry: tuple[str, ...] | None,
    limits: Limits,
    spent: list[int],
    *,
    resumes: Resumes | None,
) -> tuple[list[Machine], bool]:
    def run(oracle: Oracle) -> Machine:
        machine = Machine(loader, oracle, limits, spent, resumes)
        if spent[0] > limits.stops_at:
            machine.end_search()
        elif entry is None:
            machine.run_main(module)
        else:
            machine.run_function(module, entry)
        machine.trace.settle_same_inputs()
        machine.settle_order()
        machine.release()
        return machine

    return explore(run, max_worlds=MAX_WORLDS, first=lambda machine: machine.trace.heavy)


def _combine(
    runs: list[tuple[list[Machine], bool]],
    versions: Sequence[VllmVersion],
    primary: VllmVersion | None,
) -> DriverResult:
    result = DriverResult(None)
    per_version: dict[VllmVersion, list[Outcome]] = {version: [] for version in versions}
    complete = True
    incomplete_reason = ""
    decisions: list[str] = []
    gate_notes: list[str] = []
    inputs: dict[int, list[str]] = {}  # the run-time inputs each outcome's run assumed
    for machines, finished in runs:
        # Where the step budget ended an entry's search after some of its runs were made, it
        # ended it as the cap on runs does: the runs it cut or never began are unexplored.
        # Only with none made is the entry itself unanalysed.
        ended = _search_ended(machines)
        explored = finished and not ended
        complete = complete and explored
        for machine in machines:
            trace = machine.trace
            _collect(result, machine)
            shown = [trace.conditions.get(d, d) for d in trace.decisions]  # in words
            if not explored:
                result.unexplored += [d for d in shown if d not in result.unexplored]
            cut = ended and trace.search_ended
            if trace.incomplete and not cut:
                incomplete_reason = trace.incomplete
            compatible = [
                v
                for v in versions
                if _gate_allows(trace.version_gate, v) and allows(trace.version_checks, v)
            ]
            if trace.version_gate == "old" and trace.gate_loc is not None:
                note = (
                    f"before vLLM {LOAD_INPLACE_SINCE.series} the LoRARequest(load_inplace=...) "
                    f"at {trace.gate_loc} "
                    f"raises TypeError"
                )
                if note not in gate_notes:
                    gate_notes.append(note)
            judged = judge(trace, compatible)
            if judged is None:
                continue
            for version, outcome in judged.items():
                if cut and outcome.verdict.is_safe:
                    continue  # safe so far is no answer; a stale repeat before the cut is one
                per_version[version].append(outcome)
                inputs[id(outcome)] = trace.inputs
            decisions += [d for d in shown if d not in decisions]
    if not any(per_version.values()):
        return result
    chosen = {version: worst(outcomes) for version, outcomes in per_version.items() if outcomes}
    if primary is not None and primary not in chosen:
        # Every run on the pinned release stops before serving anything (a TypeError).
        first = next(iter(chosen.values()))
        stop = gate_notes[0] if gate_notes else "the driver stops before serving any request"
        chosen[primary] = Outcome(
            Verdict.INDETERMINATE,
            f"on the pinned vLLM {primary} the driver cannot serve its requests: {stop}",
            first.line,
        )
        gate_notes = gate_notes[1:]
    main = chosen[primary] if primary is not None else worst(list(chosen.values()))
    result.outcome = main
    result.flips = [
        f"on vLLM {version}: {outcome.verdict.value}{_failing(outcome, version)}"
        for version, outcome in chosen.items()
        if outcome.verdict is not main.verdict
    ]
    result.flips += gate_notes
    _name_inputs(main, per_version, inputs)
    kept = all(
        outcome.survives_skipping
        for outcomes in per_version.values()
        for outcome in outcomes
        if rests_on_order(outcome.verdict)
    )
    _downgrade(result, complete, kept, incomplete_reason, decisions)
    return result


def _serves(machine: Machine) -> bool:
    return any(isinstance(fact, Served | ServerLoad | ServerServe) for fact in machine.trace.facts)


def _serves_in(machine: Machine, path: str) -> bool:
    """Whether the run served a request built, served or posted in the file at `path`."""
    for fact in machine.trace.facts:
        if isinstance(fact, Served) and path in (fact.loc.path, fact.request.loc.path):
            return True
        if isinstance(fact, ServerLoad | ServerServe) and fact.loc.path == path:
            return True
    return False


def _failing(outcome: Outcome, version: VllmVersion) -> str:
    """Why a release's safe answer serves nothing: its first request fails there (an id of 0
    that vLLM rejects from 0.11.0 on), as `reasons.crash_notes` says."""
    lead = f"on vLLM {version} the request at "
    failed = next((note for note in outcome.notes if note.startswith(lead)), None)
    return f", as the request at {failed.removeprefix(lead)}" if failed else ""


def _unfinished_turns(result: DriverResult, unfinished: list[str]) -> None:
    """A safe answer is none when a use in turn was cut (the cap on runs, the step budget)
    before any world of it served a request: what a setter changes (a property assigned
    between two calls, a config swapped) is not a subset of what the functions' own runs
    served, as skipped branches are; a world not explored may serve the same id with another
    folder."""
    outcome = result.outcome
    if outcome is None or not outcome.verdict.is_safe or not unfinished:
        return
    _only_part(
        outcome,
        f"no world explored of {unfinished[0]} used in turn on one instance served a request",
    )


def _cut_routes(result: DriverResult, runs: list[tuple[list[Machine], bool]]) -> None:
    """A safe answer is none when the search of routes served in turn was cut and one route
    changes what another serves: distinct ids and one adapter per engine survive worlds not
    explored only where those skip requests, and a route that registers another folder under
    a name does more (`Trace.setters_in_turn`)."""
    outcome = result.outcome
    if outcome is None or not outcome.verdict.is_safe:
        return
    for machines, finished in runs:
        turned = next((m.trace.entry for m in machines if m.trace.setters_in_turn), None)
        if not finished and turned is not None:
            _only_part(
                outcome,
                f"not every world of the routes called in turn ({turned}()) was explored, and "
                f"one changes what another serves, so a world not explored may serve the same "
                f"id from another folder",
            )
            return


def _only_part(outcome: Outcome, why: str) -> None:
    """A safe answer that rests on part of the analysis is Indeterminate, saying why."""
    outcome.notes.append(f"{outcome.verdict.value} on the part analysed")
    outcome.verdict = Verdict.INDETERMINATE
    outcome.reason = f"{why}, so only part of it was analysed ({outcome.reason})"


def _search_ended(machines: list[Machine]) -> bool:
    """The driver's step budget ended this search after at least one run went to its end."""
    return any(m.trace.search_ended for m in machines) and any(
        not m.trace.search_ended and m.trace.incomplete is None for m in machines
    )


def _name_inputs(
    main: Outcome, per_version: dict[VllmVersion, list[Outcome]], inputs: dict[int, list[str]]
) -> None:
    """A verdict only some run-time inputs lead to says which ones, and what the others give."""
    assumed = inputs.get(id(main))
    if main.verdict.is_safe or not assumed:
        return
    outcomes = next((o for o in per_version.values() if any(x is main for x in o)), [])
    others = [o for o in outcomes if SEVERITY[o.verdict] < SEVERITY[main.verdict]]
    if others:
        main.reason = only_when(main.reason, assumed, worst(others).verdict.value)


def _gate_allows(gate: str | None, version: VllmVersion) -> bool:
    if gate is None:
        return True
    return has_load_inplace(version) == (gate == "new")


def _collect(result: DriverResult, machine: Machine) -> None:
    trace = machine.trace
    known = {request.loc for request in result.requests}
    result.requests += [r for r in trace.requests if r.loc not in known and not known.add(r.loc)]  # type: ignore[func-returns-value]
    engines = {engine.loc for engine in result.engines}
    for fact in trace.facts:
        if isinstance(fact, EngineBuilt) and fact.engine.loc not in engines:
            engines.add(fact.engine.loc)
            result.engines.append(fact.engine)
        elif isinstance(fact, Spawned) and all(s.loc != fact.loc for s in result.spawns):
            result.spawns.append(fact)
        elif isinstance(fact, Served | Referenced):
            if isinstance(fact, Served):
                result.calls.setdefault(fact.request.loc, (*fact.calls, fact.loc))
            # Where the request was built and where it was served: a helper module that only
            # wraps the serve call (`Engine.run(prompts, request)`) is served from here too.
            for loc in (fact.request.loc, fact.loc):
                if loc not in result.served_sites:
                    result.served_sites.append(loc)
        elif isinstance(fact, ServerLoad | ServerServe) and fact.loc not in result.served_sites:
            # A helper that posts `/v1/load_lora_adapter` for its callers is served from here.
            result.served_sites.append(fact.loc)
    for assumption in trace.assumptions:
        if assumption not in result.assumptions:
            result.assumptions.append(assumption)
    result.stops += [stop for stop in trace.stops if stop not in result.stops]
    result.cache_patches += [p for p in trace.cache_patches if p not in result.cache_patches]
    result.reached.update((path, line) for path, line, _ in machine.covered)


def _unserved(outcome: Outcome, complete: bool, incomplete: str, decisions: list[str]) -> None:
    """Requests no analysed run served are served by none only if every run was analysed:
    an unexplored branch (`if name == request.lora_name:`) may be the one that serves them."""
    if complete and not incomplete:
        return
    outcome.verdict = Verdict.INDETERMINATE
    if incomplete:
        why = incomplete
    elif decisions:
        why = (
            f"not every combination of {len(decisions)} run-time conditions was explored "
            f"(e.g. {'; '.join(decisions[:2])})"
        )
    else:
        why = "not every combination of the analysis's choices was explored"
    outcome.reason = (
        f"LoRARequest objects are built ({outcome.line}) and no analysed run asked an engine "
        f"to serve them, but {why}"
    )


def _downgrade(
    result: DriverResult, complete: bool, kept: bool, incomplete: str, decisions: list[str]
) -> None:
    """A safe answer that rests on what was not explored is not an answer; `kept`: every
    outcome that rests on the order of requests survives skipping (`skipping.py`)."""
    outcome = result.outcome
    if outcome is not None and outcome.verdict is Verdict.NO_REALIZED_RUN and not outcome.mocked:
        _unserved(outcome, complete, incomplete, decisions)
        return
    if outcome is None or not outcome.verdict.is_safe:
        return
    if incomplete:
        _only_part(outcome, incomplete)
    elif not complete and rests_on_order(outcome.verdict) and kept:
        what = f"{len(decisions)} run-time conditions" if decisions else "the analysis's choices"
        outcome.notes.append(
            f"not every combination of {what} was explored, but other answers can only skip "
            f"some of these requests, and each repeat is protected where it is made"
        )
    elif not complete and rests_on_order(outcome.verdict):
        outcome.verdict = Verdict.INDETERMINATE
        if decisions:
            shown = "; ".join(decisions[:2])
            outcome.reason = (
                f"safety rests on every request in order, but {len(decisions)} run-time "
                f"conditions (e.g. {shown}) could skip some and not every combination was "
                f"explored ({outcome.reason})"
            )
        else:
            outcome.reason = (
                f"safety rests on every request in order, but not every combination of the "
                f"choices the analysis had to make (vLLM release, branches) was explored "
                f"({outcome.reason})"
            )
