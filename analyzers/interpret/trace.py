"""What one interpreted run asked of vLLM, in order: the facts the verdict is built from."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from analyzers.files.parsing import Loc
from analyzers.interpret.objects import EngineV, RequestV
from analyzers.interpret.values import Const, Value, renamed
from analyzers.interpret.version_checks import VersionCheck

# The blocks under way, outermost first: (which run of the block, statement index) each.
Place = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Guard:
    """How an `if` block was entered: its test's code and value, and the side taken. Two
    blocks with equal guards are entered by the same answers (a fixed input's memo)."""

    test: str
    value: str
    branch: bool
    # Where the test's answers are in the oracle's log, and whether all were vLLM version
    # checks (fixed for the release judged): not part of what makes two guards equal.
    start: int = field(default=0, compare=False)
    end: int = field(default=0, compare=False)
    version: bool = field(default=False, compare=False)


# A block entered some other way than `if` or a plain call: a loop body, an exception handler.
UNGUARDED = "unguarded"
# How the oracle's log names an answer that only the vLLM release decides.
VERSION_ANSWER = "vllm-version "
BlockEntry = Guard | str | None  # None: entered whenever its statement runs (a call, a `with`)


@dataclass(frozen=True)
class Content:
    """How many writes into a path's folder happened before a request: certain and possible."""

    certain: int = 0
    possible: int = 0
    last_write: Loc | None = None
    # Who made the last write when it is not this run's own, in order: "" (the run itself),
    # "process" (another process; the run reads the folder's modification time) or "thread"
    # (a thread the run started, which writes while the run goes on) or "generator" (one the
    # run iterates, which writes between two of the items it hands over)
    rewriter: str = ""
    # The request's content fields when it was served (`RequestV.content`), by field name.
    payload: tuple[tuple[str, Value], ...] = ()

    def token(self) -> str | None:
        """What the replay compares; None before any write, so unchanged folders stay quiet."""
        if not self.certain and not self.possible:
            return None
        return f"w{self.certain}+{self.possible}"


@dataclass
class Served:
    """A request handed to an engine (`generate(..., lora_request=)`, `add_lora`, ...)."""

    engine: EngineV
    request: RequestV
    lora_id: Value | None
    path: Value | None
    load_inplace: Value | None
    content: Content
    loc: Loc
    proc: int
    via: str
    intended_path: Value | None = None  # a memoised request answering for another path
    call: int = 0  # which of the repeated calls of an entry function served it
    place: Place = ()  # the statements under way when it was served (`Machine.place`)
    guards: frozenset[Guard] = frozenset()  # the `if` sides it was served under
    calls: tuple[Loc, ...] = ()  # the calls under way when it was served, outermost first
    # the keys of unseen results this world took to differ from its path (`Trace.apart`)
    apart: frozenset[str] = field(default=frozenset(), compare=False)
    alone: bool = False  # served holding a lock (`concurrency.lock`): no other task beside it


@dataclass
class Referenced:
    """A request whose id was read back from the engine (`list_loras()[0]`) and served on it.

    The id is resident when read, so vLLM only touches it: the request names no weights of
    its own (its path is a stub) and gets whatever the loads before it put under that id.
    """

    engine: EngineV
    request: RequestV
    loc: Loc
    proc: int


@dataclass
class Removed:
    """An id dropped from an engine's cache (`via` names the call: `remove_lora`)."""

    engine: EngineV
    lora_id: Value
    loc: Loc
    proc: int
    via: str
    place: Place = ()
    # For each level of `place`: the guards a run needs, from the start of that level's
    # statement, to make the drop (None: it may skip the drop some other way).
    needs: tuple[frozenset[Guard] | None, ...] = ()
    # The place of the `try` whose `finally` makes the drop whatever its body does
    # (`places.finally_of`), or None.
    finally_of: Place | None = None


@dataclass
class Pinned:
    """An id kept from LRU eviction (`pin_lora`)."""

    engine: EngineV
    lora_id: Value
    loc: Loc
    proc: int
    via: str


@dataclass
class EngineBuilt:
    engine: EngineV
    loc: Loc


@dataclass
class Spawned:
    """A child process: an in-repository script (or function) per cell, or one for all cells."""

    targets: list[str]
    desc: str
    loc: Loc
    in_loop: bool
    function: bool = False


@dataclass
class Escaped:
    """A request handed to code the analysis cannot see, which may serve it."""

    request: RequestV
    callee: str
    loc: Loc


@dataclass
class OpaqueServe:
    """An engine asked to serve a `lora_request` the analysis cannot see (a parameter, a lookup)."""

    desc: str
    loc: Loc


@dataclass
class ServerLoad:
    """`POST /v1/load_lora_adapter` (or, with `unload`, `/v1/unload_lora_adapter`)."""

    server: str
    request: RequestV
    unload: bool
    content: Content
    loc: Loc
    proc: int
    server_known: bool = True  # False: its URL holds a run-time part (a caller's host, a port)


@dataclass
class ServerServe:
    """A generation on vLLM's server that names an adapter as its model (`/v1/completions`):
    the server answers with what it loaded under that name, whatever the folder holds now."""

    server: str
    name: Value | None
    # What each earlier load's folder holds at this generation (by the load's request id):
    # a folder rewritten since its load is served as it was then.
    now: dict[int, Content]
    loc: Loc
    proc: int
    server_known: bool = True


@dataclass
class Unknown:
    """Something the analysis could not decide that may matter (kept for the reason)."""

    what: str
    loc: Loc


class StopKind(StrEnum):
    """Why a run ended before the end of the code it was running."""

    BUDGET = "budget"  # the step budget ran out
    RAISE = "raise"  # an explicit `raise` (or a modelled TypeError) ended the run
    EXIT = "exit"  # `sys.exit()` and its kin
    NESTING = "nesting"  # recursion too deep to follow
    IMPORT = "import"  # a same-repository module the run imports could not be found
    LOOP = "loop"  # a loop was followed for fewer items than a count's test needs


@dataclass(frozen=True)
class Stop:
    """One place where a run stopped: what the judge cites for a request site it never reached."""

    kind: StopKind
    detail: str  # words for the reason: "`raise ValueError`", "more than 200,000 steps"
    loc: Loc | None = None


Fact = (
    Served
    | Referenced
    | Removed
    | Pinned
    | EngineBuilt
    | Spawned
    | Escaped
    | OpaqueServe
    | ServerLoad
    | ServerServe
)


@dataclass(frozen=True)
class PeriodicTest:
    """A test of `x % k` (a known number) made while the loops `loops` were under way."""

    loops: tuple[Loc, ...]
    modulus: int
    loc: Loc


@dataclass(frozen=True)
class CountTest:
    """A comparison of two known numbers (`step >= 10`) made while the loops `loops` were under
    way: where one side steps evenly from one evaluation to the next and the other stays, it
    is a count that a longer run takes past the other (`judge/unrolling.py`)."""

    loops: tuple[Loc, ...]
    loc: Loc
    left: int
    right: int


@dataclass
class Trace:
    """Everything one run did, plus what it had to assume."""

    facts: list[Fact] = field(default_factory=list)
    requests: list[RequestV] = field(default_factory=list)
    unknowns: list[Unknown] = field(default_factory=list)
    assumptions: list[str] = field(default_factory=list)
    truncated: list[Loc] = field(default_factory=list)  # loops cut at `loop_cap` iterations
    loop_cap: int = 64
    symbolic_loops: list[Loc] = field(default_factory=list)
    # tests of a number counted modulo k (`step % 50 == 0` on a counter) inside loops: the
    # loops under way, k, and the test's place. A loop of unknown length followed for fewer
    # than 2k + 1 items never sees the test's answer come round again (`judge/unrolling.py`).
    periodic_tests: list[PeriodicTest] = field(default_factory=list)
    # comparisons of known numbers inside loops that guard saves, requests or serves, in order
    count_tests: list[CountTest] = field(default_factory=list)
    decisions: list[str] = field(default_factory=list)
    mock_serves: list[Loc] = field(default_factory=list)
    # Serves an engine built without LoRA refused (a ValueError in vLLM): (engine, serve).
    refused: list[tuple[Loc, Loc]] = field(default_factory=list)
    incomplete: str | None = None  # why the run stopped early (budget), if it did
    # an order the analysis could not compute (`sorted()` by unknown keys), with the number of
    # facts, requests and writes the run had then: it leaves the run incomplete only if any
    # of them grew after it (a report sorted after the last serve changes no request)
    unordered: tuple[str, int, int, int] | None = None
    # the driver's whole step budget ran out before or during this run: the search ended here,
    # as it ends at the cap on runs, and this run is one it did not (fully) make
    search_ended: bool = False
    # vLLM's own adapter-cache code replaced by the repository ("Class.method at file:line"):
    # the cache no longer behaves as modelled, so a stale repeat is not certain
    cache_patches: list[str] = field(default_factory=list)
    # "old" or "new": this run assumed a vLLM release before / from 0.15 (load_inplace exists)
    version_gate: str | None = None
    gate_loc: Loc | None = None
    entry: str | None = None  # the function run on its own (called twice), or None for a script
    # routes served in turn (`unseen.served`) include one that changes what another serves
    # (`/register` writing the folder `/generate` reads): a world not explored may serve the
    # same id from another folder, so a cut search is no safe answer (`driver._cut_routes`)
    setters_in_turn: bool = False
    stops: list[Stop] = field(default_factory=list)  # where and why the run stopped early
    conditions: dict[str, str] = field(default_factory=dict)  # decision -> its code and place
    # the repository's own vLLM version checks this run took; it is judged only where they hold
    version_checks: list[VersionCheck] = field(default_factory=list)
    # the run-time inputs this run assumed, in words (`args.mode == 'sweep'`), for the reason
    inputs: list[str] = field(default_factory=list)
    # decisions whose other side is tried first: those that entered the branches under way when
    # the step budget ran out, or the latest one before the run stopped at a `raise`
    heavy: list[int] = field(default_factory=list)
    # Caller inputs this world took to be one value (a registry's key looked up by another
    # route's argument): the key of each, to the key of the one it is.
    same_inputs: dict[str, str] = field(default_factory=dict)
    # An input this world took to be a literal key of a dict (`REQUESTS[name]`), by its key.
    taken_literals: dict[str, Const] = field(default_factory=dict)
    # `a != b` (or `a == b`) of two results of unseen code, by the key of the unknown truth it
    # gave: (whether it is `!=`, a's key, b's key). The world's answer may set them apart.
    compared: dict[str, tuple[bool, str, str]] = field(default_factory=dict)
    # Pairs of such results this world took to differ (it answered `a != b` true): a folder
    # served under an id another of them was loaded under is then surely another folder
    # (`if ckpt != last: serve(ckpt)`, a watcher of the newest checkpoint).
    apart: set[frozenset[str]] = field(default_factory=set)

    def taken_apart(self, key: str) -> frozenset[str]:
        """The keys of the results this world took to differ from the one with `key`."""
        return frozenset(other for pair in self.apart if key in pair for other in pair - {key})

    def settle_same_inputs(self) -> None:
        """Write every input this world took to be another under that one's key, so that the
        judge sees one id, one path (`same_inputs`)."""
        keys, taken = self.same_inputs, self.taken_literals
        if not keys and not taken:
            return
        for index, fact in enumerate(self.facts):
            if isinstance(fact, Served):
                self.facts[index] = replace(
                    fact,
                    lora_id=None if fact.lora_id is None else renamed(fact.lora_id, keys, taken),
                    path=None if fact.path is None else renamed(fact.path, keys, taken),
                    intended_path=(
                        None
                        if fact.intended_path is None
                        else renamed(fact.intended_path, keys, taken)
                    ),
                )
            elif isinstance(fact, Removed | Pinned):
                self.facts[index] = replace(fact, lora_id=renamed(fact.lora_id, keys, taken))

    def assume_input(self, text: str) -> None:
        if text not in self.inputs:
            self.inputs.append(text)

    def note_unknown(self, what: str, loc: Loc) -> None:
        if all(item.what != what for item in self.unknowns):
            self.unknowns.append(Unknown(what, loc))

    def stop(self, kind: StopKind, detail: str, loc: Loc | None = None) -> None:
        found = Stop(kind, detail, loc)
        if found not in self.stops:
            self.stops.append(found)

    def keep_periodic(self, test: PeriodicTest) -> None:
        if test not in self.periodic_tests:
            self.periodic_tests.append(test)

    def assume(self, text: str) -> None:
        if text not in self.assumptions:
            self.assumptions.append(text)
