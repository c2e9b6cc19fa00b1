"""`lora-audit replay`: run a JSON Lines event sequence through the cache simulator."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from typing import TextIO

from pydantic import TypeAdapter, ValidationError

from analyzers.events import ReplayEvent, RequestEvent
from analyzers.vllm.cache import ConfigError, LoraCacheSimulator
from analyzers.vllm.releases import (
    ID_CHECK_SINCE,
    NEWEST_KNOWN,
    VllmVersion,
    parse_version,
    rejects_nonpositive_ids,
)
from analyzers.vllm.selftest import run_self_test

PROG = "lora-audit replay"
_EVENT: TypeAdapter[ReplayEvent] = TypeAdapter(ReplayEvent)


class InputError(Exception):
    """A replay input problem, reported as one line with exit status 2."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Replay (id, path) requests through an exact model of vLLM's LoRA cache and report, per "
        "request, which adapter was really served."
    )
    parser.add_argument(
        "file", nargs="?", default="-", help="JSON Lines events, or - for standard input"
    )
    parser.add_argument("--max-loras", type=int, default=None, help="engine max_loras (default 1)")
    parser.add_argument(
        "--max-cpu-loras", type=int, default=None, help="engine max_cpu_loras (default: max_loras)"
    )
    parser.add_argument(
        "--vllm-version",
        type=_version_arg,
        default=NEWEST_KNOWN,
        help=f"vLLM release whose semantics to use (default {NEWEST_KNOWN})",
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="run the built-in vectors and exit non-zero on failure",
    )


def _version_arg(text: str) -> VllmVersion:
    try:
        return parse_version(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def _describe(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"] if not isinstance(part, int))
    if first["type"] == "union_tag_invalid":
        return (
            f"unknown op {first.get('input', {}).get('op')!r}"
            if isinstance(first.get("input"), dict)
            else "unknown op"
        )
    if first["type"] == "union_tag_not_found":
        return "missing field 'op'"
    if first["type"] == "missing":
        return f"missing field {where.split('.')[-1]!r}"
    return f"{where}: {first['msg']}" if where else first["msg"]


def parse_events(lines: Iterable[str], version: VllmVersion) -> Iterator[ReplayEvent]:
    """Validate each non-blank line; the first bad one raises `InputError` naming its number."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            event = _EVENT.validate_json(line, strict=True)
        except ValidationError as exc:
            if exc.errors()[0]["type"] == "json_invalid":
                raise InputError(f"line {number}: not valid JSON") from exc
            raise InputError(f"line {number}: {_describe(exc)}") from exc
        if isinstance(event, RequestEvent) and event.id < 1 and rejects_nonpositive_ids(version):
            raise InputError(
                f"line {number}: id must be a positive integer, got {event.id} "
                f"(vLLM >= {ID_CHECK_SINCE} rejects ids < 1)"
            )
        yield event


def _open(name: str) -> TextIO:
    if name == "-":
        return sys.stdin
    try:
        return open(name, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read {name}: {exc.strerror}") from exc


def _self_test(out: TextIO) -> int:
    failures = 0
    for vector, problems in run_self_test():
        status = "ok  " if not problems else "FAIL"
        out.write(f"{status} {vector.name:<22} {vector.what}\n")
        for problem in problems:
            out.write(f"       {problem}\n")
        failures += bool(problems)
    total = len(run_self_test())
    out.write(f"{total - failures} of {total} self-checks passed\n")
    return 1 if failures else 0


def run(args: argparse.Namespace) -> int:
    out = sys.stdout
    if args.self_test:
        return _self_test(out)
    try:
        simulator = LoraCacheSimulator(
            max_loras=args.max_loras,
            max_cpu_loras=args.max_cpu_loras,
            vllm_version=args.vllm_version,
        )
    except ConfigError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    source = None
    try:
        source = _open(args.file)
        # Validate everything first, so a bad line 40 does not leave 39 lines of half an answer.
        events = list(parse_events(source, args.vllm_version))
    except InputError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"{PROG}: input is not UTF-8 text", file=sys.stderr)
        return 2
    finally:
        if source is not None and source is not sys.stdin:
            source.close()
    for event in events:
        record = simulator.apply(event)
        if record is not None:
            out.write(json.dumps(record.to_json_dict()) + "\n")
    for warning in simulator.warnings:
        print(f"{PROG}: warning: {warning}", file=sys.stderr)
    return 0
