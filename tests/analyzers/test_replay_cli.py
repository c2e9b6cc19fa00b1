"""`lora-audit replay` through a real subprocess: the JSON Lines contract and its errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

CLI = [sys.executable, "-m", "lora_audit"]


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, *args], input=stdin, capture_output=True, text=True, timeout=60, check=False
    )


def jsonl(*events: dict[str, object]) -> str:
    return "".join(json.dumps(e) + "\n" for e in events)


def test_replay_reports_the_stale_serve() -> None:
    result = run_cli(
        "replay",
        stdin=jsonl(
            {"op": "request", "id": 1, "path": "ckpt/a"},
            {"op": "request", "id": 1, "path": "ckpt/b", "name": "b"},
        ),
    )
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[0] | {} == lines[0]
    assert {k: lines[0][k] for k in ("id", "requested", "served", "stale")} == {
        "id": 1,
        "requested": "ckpt/a",
        "served": "ckpt/a",
        "stale": False,
    }
    assert {k: lines[1][k] for k in ("id", "requested", "served", "stale", "name")} == {
        "id": 1,
        "requested": "ckpt/b",
        "served": "ckpt/a",
        "stale": True,
        "name": "b",
    }


def test_replay_reads_a_file_and_honours_capacity(tmp_path: Path) -> None:
    events = tmp_path / "events.jsonl"
    events.write_text(
        jsonl(
            {"op": "request", "id": 1, "path": "a"},
            {"op": "request", "id": 2, "path": "b"},
            {"op": "request", "id": 1, "path": "c"},
        )
    )
    cap1 = run_cli("replay", str(events))
    cap2 = run_cli("replay", str(events), "--max-cpu-loras", "2")
    assert [json.loads(x)["served"] for x in cap1.stdout.splitlines()] == ["a", "b", "c"]
    assert [json.loads(x)["served"] for x in cap2.stdout.splitlines()] == ["a", "b", "a"]


def test_content_and_errors_in_output() -> None:
    result = run_cli(
        "replay",
        stdin=jsonl(
            {"op": "request", "id": 1, "path": "sync", "content": "step1"},
            {"op": "request", "id": 1, "path": "sync", "content": "step2"},
            {"op": "request", "id": 2, "path": "gone", "exists": False},
        ),
    )
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[1]["served_content"] == "step1"
    assert lines[1]["stale"] is True
    assert "served" not in lines[2]
    assert "No adapter found" in lines[2]["error"]


def test_load_inplace_depends_on_version() -> None:
    events = jsonl(
        {"op": "request", "id": 1, "path": "a"},
        {"op": "request", "id": 1, "path": "b", "load_inplace": True},
    )
    new = run_cli("replay", "--vllm-version", "0.15.0", stdin=events)
    old = run_cli("replay", "--vllm-version", "0.14.0", stdin=events)
    assert json.loads(new.stdout.splitlines()[1])["served"] == "b"
    assert "error" in json.loads(old.stdout.splitlines()[1])


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ('{"op": "request", "id": 1, "path": "a"}\n{not json\n', "line 2: not valid JSON"),
        ('{"op": "evict", "id": 1}\n', "line 1: unknown op 'evict'"),
        ('\n{"op": "request", "path": "a"}\n', "line 2: missing field 'id'"),
        ('{"op": "request", "id": 1}\n', "line 1: missing field 'path'"),
        ('{"op": "request", "id": 0, "path": "a"}\n', "line 1: id must be a positive integer"),
        ('{"op": "request", "id": -3, "path": "a"}\n', "line 1: id must be a positive integer"),
        ('{"op": "remove", "id": 0}\n', "line 1:"),
        ('{"op": "request", "id": "1", "path": "a"}\n', "line 1:"),
        ('{"op": "request", "id": 1, "path": "a", "colour": 1}\n', "line 1:"),
        ('{"id": 1, "path": "a"}\n', "line 1: missing field 'op'"),
        ("[1, 2]\n", "line 1:"),
    ],
)
def test_bad_input_is_exit_2_with_one_line(stdin: str, message: str) -> None:
    result = run_cli("replay", stdin=stdin)
    assert result.returncode == 2
    assert result.stdout == ""
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_nonpositive_id_is_allowed_where_vllm_allowed_it() -> None:
    result = run_cli(
        "replay", "--vllm-version", "0.10.2", stdin='{"op":"request","id":0,"path":"a"}'
    )
    assert result.returncode == 0
    assert json.loads(result.stdout)["served"] == "<base model>"


@pytest.mark.parametrize(
    "args",
    [
        ("--max-loras", "4", "--max-cpu-loras", "2"),
        ("--vllm-version", "latest"),
        ("missing.jsonl",),
    ],
)
def test_bad_arguments_are_exit_2(args: tuple[str, ...]) -> None:
    result = run_cli("replay", *args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1


def test_self_test_passes() -> None:
    result = run_cli("replay", "--self-test")
    assert result.returncode == 0, result.stdout
    assert "FAIL" not in result.stdout
    assert "T17" in result.stdout


def test_unknown_subcommand_is_exit_2() -> None:
    result = run_cli("frobnicate")
    assert result.returncode == 2
