"""Random or mangled deliveries, most signed: never a 5xx, never a bad job queued.

Derandomised but varied: the examples follow from one seed, `LORA_AUDIT_FUZZ_SEED` (default:
today's date, so each day explores new inputs and any failure is replayed by setting the seed it
prints), and `LORA_AUDIT_FUZZ_EXAMPLES` says how many (default 300, seconds of the suite's time;
the daily seed is what widens the search). Text includes lone surrogates and control characters,
and bodies are encoded both as escaped JSON and as raw (invalid) UTF-8.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import redis
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from bot.jobs import AUDIT_QUEUE, JOB_TYPES, SWEEP_QUEUE
from tests.bot.webhooks.conftest import EVENTS, PULL_EVENT, SECRET, Web, load_event
from tests.standin.hooks import sign

SEED = int(os.environ.get("LORA_AUDIT_FUZZ_SEED") or datetime.now(UTC).strftime("%Y%m%d"))
EXAMPLES = int(os.environ.get("LORA_AUDIT_FUZZ_EXAMPLES") or 300)
FIXTURES = sorted(str(path.relative_to(EVENTS)) for path in EVENTS.glob("*/*.json"))
HEADER_TEXT = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=40).map(
    str.strip
)
# Letters, digits, punctuation, symbols, spaces, control characters and lone surrogates.
ODD_TEXT = st.text(st.characters(categories=["L", "N", "P", "S", "Zs", "Cc", "Cs"]), max_size=20)
EVENT_NAMES = st.sampled_from(
    [
        *("pull_request", "check_suite", "check_run", "push", "issue_comment", "installation"),
        *("installation_repositories", "repository", "ping", "star", ""),
    ]
)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | ODD_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(ODD_TEXT, inner, max_size=4),
    max_leaves=12,
)
TASKS = {job.TASK_NAME: job for job in JOB_TYPES}
SURROGATES = ["\ud800", "\udfff", "a\udc00b", "\ud83d"]  # lone high, lone low, embedded, half emoji


def _mangle(data: st.DataObject, payload: Any, depth: int = 0) -> Any:
    """Replace, drop or retype one field somewhere down a random path."""
    if isinstance(payload, dict) and payload and depth < 6:
        key = data.draw(st.sampled_from(sorted(payload)))
        choice = data.draw(st.sampled_from(["descend", "replace", "drop", "surrogate"]))
        if choice == "drop":
            payload.pop(key)
        elif choice == "replace":
            payload[key] = data.draw(JSON_VALUES)
        elif choice == "surrogate":
            payload[key] = data.draw(st.sampled_from(SURROGATES))
        else:
            payload[key] = _mangle(data, payload[key], depth + 1)
        return payload
    if isinstance(payload, list) and payload and depth < 6:
        index = data.draw(st.integers(0, len(payload) - 1))
        payload[index] = _mangle(data, payload[index], depth + 1)
        return payload
    return data.draw(JSON_VALUES)


def _encode(data: st.DataObject, payload: Any) -> bytes:
    if data.draw(st.booleans()):
        return json.dumps(payload).encode()  # surrogates as \ud800 escapes: valid JSON
    # Raw: a surrogate becomes bytes that are not UTF-8 at all.
    return json.dumps(payload, ensure_ascii=False).encode("utf-8", "surrogatepass")


def _assert_sound(web: Web, response_status: int, text: str) -> None:
    assert response_status in {200, 202, 400, 401}, text
    client = redis.Redis.from_url(web.redis_url)
    try:
        for task in web.queued():  # whatever was queued is a valid job for the workers
            TASKS[task.name].model_validate(task.kwargs)
            json.dumps(task.kwargs, ensure_ascii=False).encode("utf-8")  # and real Unicode
        client.delete(AUDIT_QUEUE, SWEEP_QUEUE)
    finally:
        client.close()


@hypothesis.seed(SEED)
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_deliveries_never_fail_the_server(web: Web, data: st.DataObject) -> None:
    note(f"replay with LORA_AUDIT_FUZZ_SEED={SEED}")
    kind = data.draw(st.sampled_from(["mangled", "mangled", "mangled", "json", "bytes"]))
    if kind == "mangled":
        relpath = data.draw(st.sampled_from(FIXTURES))
        payload = load_event(relpath)
        for _ in range(data.draw(st.integers(0, 2))):
            payload = _mangle(data, payload)
        event = data.draw(st.just(Path(relpath).parent.name) | EVENT_NAMES)
        body = _encode(data, payload)
    elif kind == "json":
        event = data.draw(EVENT_NAMES)
        body = _encode(data, data.draw(JSON_VALUES))
    else:
        event = data.draw(EVENT_NAMES | HEADER_TEXT)
        body = data.draw(st.binary(max_size=512))
    headers = {
        "X-GitHub-Event": event,
        "X-GitHub-Delivery": data.draw(st.uuids().map(str) | HEADER_TEXT),
        "X-Hub-Signature-256": sign(body, SECRET)
        if data.draw(st.sampled_from([True, True, True, False]))
        else data.draw(HEADER_TEXT),
    }
    if data.draw(st.booleans()):
        headers["Content-Type"] = data.draw(HEADER_TEXT)
    response = web.client.post(f"{web.url}/webhooks", content=body, headers=headers)
    hypothesis.event(str(response.status_code))
    _assert_sound(web, response.status_code, response.text)


def _set(payload: dict[str, Any], path: str, value: str) -> dict[str, Any]:
    target: Any = payload
    *parents, last = path.split(".")
    for name in parents:
        target = target[name]
    target[last] = value
    return payload


@pytest.mark.parametrize(
    ("relpath", "field"),
    [
        (PULL_EVENT, "action"),
        (PULL_EVENT, "repository.full_name"),
        (PULL_EVENT, "pull_request.head.ref"),
        (PULL_EVENT, "sender.login"),
        ("issue_comment/created.with-installation.payload.json", "comment.body"),
        ("check_suite/requested.payload.json", "check_suite.head_branch"),
        ("push/payload.json", "ref"),
    ],
)
@pytest.mark.parametrize("surrogate", SURROGATES[:2])
def test_a_lone_surrogate_in_a_signed_field_is_400_not_500(
    web: Web, relpath: str, field: str, surrogate: str
) -> None:
    payload = _set(load_event(relpath), field, surrogate)
    response = web.post(Path(relpath).parent.name, json.dumps(payload).encode())
    assert response.status_code == 400
    assert "surrogate" in response.json()["message"]
    assert web.queued() == []
