"""How to stop vLLM serving an earlier adapter's weights: the fixes, in words, once.

SARIF's rule help, the check run, the pull-request comment and the follow-up issue all render
the `FIXES`; `lora-audit fix` (and the App's suggested changes) rewrite code into one of them
through the `REWRITES`, tried in the order `rewrites_for` gives for one Affected row: the first
whose re-scan is safe is kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from analyzers.vllm.releases import LOAD_INPLACE_SINCE, VllmVersion


@dataclass(frozen=True)
class Fix:
    """One way to make a reused `lora_int_id` safe."""

    kind: str
    summary: str  # a plain clause, lower case, for a one-sentence list (SARIF help)
    advice: str  # one Markdown sentence without its full stop (comments, issues, check runs)
    since: VllmVersion | None = None  # the first vLLM release that has it; None: every release

    def available(self, version: VllmVersion) -> bool:
        return self.since is None or version >= self.since

    def condition(self) -> str:
        """`vLLM >= 0.15` for a fix that needs a release, else empty."""
        if self.since is None:
            return ""
        return f"vLLM >= {self.since.series}"


FIXES: tuple[Fix, ...] = (
    Fix(
        "distinct-id",
        "give each distinct adapter its own lora_int_id",
        "Give every adapter path (and every new version of its weights) its own `lora_int_id`, "
        "e.g. `LoRARequest(name, index + 1, path)` over `enumerate(checkpoints)`, or a dict "
        "from path to id that only grows",
    ),
    Fix(
        "remove-before-reuse",
        "call remove_lora(id) before reusing one",
        "Call `remove_lora(lora_int_id)` on the engine before the id is reused for new weights, "
        "so vLLM reads the path again",
    ),
    Fix(
        "load-inplace",
        "pass load_inplace=True",
        "Pass `load_inplace=True` to `LoRARequest(...)`",
        since=LOAD_INPLACE_SINCE,
    ),
    Fix(
        "fresh-engine",
        "build a fresh engine per adapter",
        "Build a fresh engine for each adapter (or run each one in its own process), so every "
        "adapter starts with an empty cache",
    ),
)

WHY = (
    "vLLM caches adapters by `lora_int_id` alone: when the id is already loaded, the new "
    "`lora_path` is never read, so the first-loaded weights are served without any error."
)


def fix(kind: str) -> Fix:
    """The fix of that kind (KeyError for an unknown one)."""
    found = {entry.kind: entry for entry in FIXES}
    return found[kind]


def one_sentence() -> str:
    """Every fix in one plain sentence: `Give ..., call ..., or (vLLM >= 0.15) pass ...`."""
    clauses = [
        f"({entry.condition()}) {entry.summary}" if entry.since else entry.summary
        for entry in FIXES
    ]
    text = ", ".join(clauses[:-1]) + f", or {clauses[-1]}."
    return text[0].upper() + text[1:]


@dataclass(frozen=True)
class Rewrite:
    """One way `lora-audit fix` rewrites a request site into the fix of `kind`.

    `new_content`: whether it also fixes the same path re-added with new weights (an RL loop
    that overwrites one folder); a new id per path cannot, a new id per step or a re-read can.
    """

    name: str
    kind: str
    done: str  # what the rewrite did, a clause after "fixed PATH:LINE: " (CLI, suggestions)
    new_content: bool


REWRITES: tuple[Rewrite, ...] = (
    Rewrite("enumerate-index", "distinct-id", "lora_int_id from the enumerate index", True),
    Rewrite("counter", "distinct-id", "lora_int_id from a counter already in scope", True),
    Rewrite("id-map", "distinct-id", "one lora_int_id per adapter path from an id map", False),
    Rewrite("load-inplace", "load-inplace", "LoRARequest(..., load_inplace=True)", True),
    Rewrite("remove-lora", "remove-before-reuse", "remove_lora(id) before the reuse", True),
)


def rewrite(name: str) -> Rewrite:
    """The rewrite of that name (KeyError for an unknown one)."""
    found = {entry.name: entry for entry in REWRITES}
    return found[name]


def rewrites_for(*, new_content: bool, pinned: VllmVersion | None) -> tuple[Rewrite, ...]:
    """The rewrites worth trying for one Affected row, best first.

    `new_content`: the row serves one path with new weights (a distinct id per path cannot fix
    it, so re-reading comes first). `pinned`: the vLLM release the repository itself pins, or
    None; `load_inplace=True` is offered only where that release has it (before 0.15 the keyword
    raises TypeError, and an unpinned repository may run any release).
    """
    usable = [
        entry
        for entry in REWRITES
        if (entry.new_content or not new_content) and _released(fix(entry.kind), pinned)
    ]
    if new_content:
        usable.sort(key=lambda entry: entry.kind == "distinct-id")  # re-reads first (stable)
    return tuple(usable)


def _released(entry: Fix, pinned: VllmVersion | None) -> bool:
    return entry.since is None or (pinned is not None and entry.available(pinned))
