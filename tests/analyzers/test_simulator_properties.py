"""Invariants of the simulator, checked on random sequences (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from analyzers.events import RemoveEvent, ReplayEvent, RequestEvent, ResetEvent
from analyzers.vllm.cache import replay

ids = st.integers(min_value=1, max_value=6)
paths = st.sampled_from(["a", "b", "c", "d", "e"])
requests = st.builds(RequestEvent, id=ids, path=paths)
events = st.lists(
    st.one_of(requests, requests, requests, st.builds(RemoveEvent, id=ids), st.just(ResetEvent())),
    max_size=40,
)
capacities = st.integers(min_value=1, max_value=8)


@settings(max_examples=300)
@given(events, capacities)
def test_never_serves_a_path_never_requested_for_that_id(
    seq: list[ReplayEvent], capacity: int
) -> None:
    asked: dict[int, set[str]] = {}
    for event, record in zip(
        [e for e in seq if isinstance(e, RequestEvent)],
        replay(seq, max_loras=capacity),
        strict=True,
    ):
        asked.setdefault(event.id, set()).add(event.path)
        assert record.served in asked[event.id]


@settings(max_examples=300)
@given(st.lists(paths, max_size=30), capacities)
def test_all_distinct_ids_are_never_stale(path_list: list[str], capacity: int) -> None:
    seq: list[ReplayEvent] = [RequestEvent(id=i + 1, path=p) for i, p in enumerate(path_list)]
    assert not any(r.stale for r in replay(seq, max_loras=capacity))


@settings(max_examples=300)
@given(st.lists(st.tuples(ids, paths), max_size=30))
def test_large_capacity_makes_every_new_path_repeat_stale(pairs: list[tuple[int, str]]) -> None:
    """With capacity >= distinct ids nothing is evicted, so a repeat with a new path is stale."""
    capacity = max(len({i for i, _ in pairs}), 1)
    seq: list[ReplayEvent] = [RequestEvent(id=i, path=p) for i, p in pairs]
    first: dict[int, str] = {}
    for (lora_id, path), record in zip(pairs, replay(seq, max_loras=capacity), strict=True):
        first.setdefault(lora_id, path)
        assert record.stale == (path != first[lora_id])


@settings(max_examples=300)
@given(events, capacities, capacities)
def test_one_record_per_request_event(seq: list[ReplayEvent], gpu: int, extra: int) -> None:
    records = replay(seq, max_loras=gpu, max_cpu_loras=gpu + extra - 1)
    assert len(records) == sum(isinstance(e, RequestEvent) for e in seq)


@settings(max_examples=200)
@given(events, capacities)
def test_replay_is_deterministic(seq: list[ReplayEvent], capacity: int) -> None:
    assert replay(seq, max_loras=capacity) == replay(seq, max_loras=capacity)
