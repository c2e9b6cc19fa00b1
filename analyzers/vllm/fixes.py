"""How to stop vLLM serving an earlier adapter's weights: the fixes, in words, once.

SARIF's rule help, the check run, the pull-request comment and the follow-up issue all render
these entries; a codemod can pick one kind per Affected row, knowing which vLLM release it needs.
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
