"""1,000 random or mangled deliveries, most signed: never a 5xx, never a bad job queued."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import hypothesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.jobs import JOB_TYPES
from tests.bot.webhooks.conftest import EVENTS, SECRET, Web, load_event
from tests.standin.hooks import sign

FIXTURES = sorted(str(path.relative_to(EVENTS)) for path in EVENTS.glob("*/*.json"))
HEADER_TEXT = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=40).map(
    str.strip
)
EVENT_NAMES = st.sampled_from(
    [
        *("pull_request", "check_suite", "check_run", "push", "issue_comment", "installation"),
        *("installation_repositories", "ping", "star", ""),
    ]
)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
TASKS = {job.TASK_NAME: job for job in JOB_TYPES}


def _mangle(data: st.DataObject, payload: Any, depth: int = 0) -> Any:
    """Replace, drop or retype one field somewhere down a random path."""
    if isinstance(payload, dict) and payload and depth < 6:
        key = data.draw(st.sampled_from(sorted(payload)))
        choice = data.draw(st.sampled_from(["descend", "replace", "drop"]))
        if choice == "drop":
            payload.pop(key)
        elif choice == "replace":
            payload[key] = data.draw(JSON_VALUES)
        else:
            payload[key] = _mangle(data, payload[key], depth + 1)
        return payload
    if isinstance(payload, list) and payload and depth < 6:
        index = data.draw(st.integers(0, len(payload) - 1))
        payload[index] = _mangle(data, payload[index], depth + 1)
        return payload
    return data.draw(JSON_VALUES)


@settings(
    max_examples=1000,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_deliveries_never_fail_the_server(web: Web, data: st.DataObject) -> None:
    kind = data.draw(st.sampled_from(["mangled", "mangled", "mangled", "json", "bytes"]))
    if kind == "mangled":
        relpath = data.draw(st.sampled_from(FIXTURES))
        payload = load_event(relpath)
        for _ in range(data.draw(st.integers(0, 2))):
            payload = _mangle(data, payload)
        event = data.draw(st.just(Path(relpath).parent.name) | EVENT_NAMES)
        body = json.dumps(payload).encode()
    elif kind == "json":
        event = data.draw(EVENT_NAMES)
        body = json.dumps(data.draw(JSON_VALUES)).encode()
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
    assert response.status_code in {200, 202, 400, 401}, response.text
    hypothesis.event(f"{response.status_code} queued={response.json().get('queued')}")
    for task in web.queued():  # whatever was queued is a valid job for the workers
        TASKS[task.name].model_validate(task.kwargs)
