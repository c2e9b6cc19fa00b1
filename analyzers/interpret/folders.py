"""Writes into adapter folders: whether a write can change what a later request of a path reads."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from analyzers.files.source import WEIGHT_WRITERS
from analyzers.interpret.runtime import Write
from analyzers.interpret.trace import Content
from analyzers.interpret.values import (
    Concat,
    Const,
    Sym,
    Value,
    concat,
    known_apart,
    opaque_parts,
    same,
)

# Methods that write a model's weights into a folder (`model.save_pretrained(folder)`).
WRITE_METHODS = WEIGHT_WRITERS
# A call in source text that may write weights into a folder: a function making one may rewrite
# the folder a request names between two of its serves.
WRITE_HINT = re.compile(
    r"\b(?:{})\s*\(".format("|".join(sorted({*WRITE_METHODS, "save_file", "copytree", "save"})))
)

# What code the analysis cannot see may do with a folder it is given, by its name: write into it
# (`export_adapter(policy, folder)`, `syncer.push_to(folder)`), unless a word of the name says it
# reads (`load_checkpoint`, `get_export_dir`). Words, not letters: `upload` and `save_state`
# write, though they hold `load` and `stat`.
_WRITE_WORDS = re.compile(
    r"save|export|write|sync|push|store|upload|download|extract|unpack|publish|checkpoint|snapshot"
)
_READ_WORDS = frozenset(
    {"load", "loads", "loader", "read", "reads", "reader", "from", "exists", "exist", "open"}
    | {"list", "listdir", "get", "stat", "glob", "find", "check", "restore", "fetch", "is"}
    | {"has", "path", "name"}
)
_WORD = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


def name_words(name: str) -> set[str]:
    """The words of an identifier, lower case: `pushToHub` and `push_to_hub` alike."""
    return {word.lower() for word in _WORD.findall(name)}


def names_a_write(name: str) -> bool:
    """Whether a function of unseen code may write into a folder it is given, by its name."""
    words = name_words(name)
    return any(_WRITE_WORDS.search(word) for word in words) and not _READ_WORDS & words


if TYPE_CHECKING:
    from analyzers.files.parsing import Loc
    from analyzers.interpret.runtime import Machine


def _text_tokens(value: Value) -> list[object] | None:
    parts = value.parts if isinstance(value, Concat) else (value,)
    out: list[object] = []
    for part in parts:
        if isinstance(part, Const) and isinstance(part.value, str):
            out.extend(part.value)
        elif isinstance(part, Sym):
            out.append(part)
        else:
            return None
    return out


def _normal(tokens: list[object]) -> list[object]:
    """A path's characters as the file system reads them: no leading `./`, no `/./`, no
    doubled or trailing `/` (`./out//adapter/` is `out/adapter`)."""
    out: list[object] = []
    for token in tokens:
        if token == "/" and out and out[-1] == "/":
            continue  # `//`
        if token == "/" and out[-1:] == ["."] and (len(out) == 1 or out[-2] == "/"):
            out.pop()  # `./` at the start or after a `/`
            continue
        out.append(token)
    while len(out) > 1 and out[-1] == "/":
        out.pop()
    if len(out) >= 2 and out[-1] == "." and out[-2] == "/":
        del out[-2:]  # a trailing `/.`
    return _up_levels(out)


def _up_levels(tokens: list[object]) -> list[object]:
    """`runs/exp1/../live` is `runs/live`: a `..` takes back the literal segment before it (a
    segment holding a run-time part may be several, so it stays, as does a leading `..`)."""
    segments: list[list[object]] = [[]]
    for token in tokens:
        if token == "/":
            segments.append([])
        else:
            segments[-1].append(token)
    out: list[list[object]] = []
    for segment in segments:
        before = out[-1] if out else None
        if (
            segment == [".", "."]
            and before
            and before != [".", "."]
            and all(isinstance(token, str) for token in before)
        ):
            out.pop()
            continue
        out.append(segment)
    joined: list[object] = []
    for index, segment in enumerate(out):
        if index:
            joined.append("/")
        joined.extend(segment)
    if not joined and tokens:
        return ["/"] if tokens[0] == "/" else ["."]  # `/a/..` and `a/..`
    return joined


def _climbs(tokens: list[object]) -> bool:
    """Whether a path still holds a `..` after `_normal`: what it names is not read from it."""
    return any(
        tokens[i : i + 2] == [".", "."]
        and (i == 0 or tokens[i - 1] == "/")
        and (i + 2 == len(tokens) or tokens[i + 2] == "/")
        for i in range(len(tokens) - 1)
    )


def _inside(inner: list[object], outer: list[object]) -> bool:
    """Whether `inner` names something in the folder `outer` (`outer/...`)."""
    trimmed = outer[:-1] if outer and outer[-1] == "/" else outer
    return (
        len(inner) > len(trimmed)
        and inner[: len(trimmed)] == trimmed
        and inner[len(trimmed)] == "/"
    )


def relation(written: Value | None, path: Value) -> bool | None:
    """True when a write to `written` changes the folder `path`; None when it cannot be known."""
    if written is None:
        return None
    answer = same(written, path)
    if answer is True:
        return True
    a, b = _text_tokens(written), _text_tokens(path)
    if a is not None and b is not None:
        a, b = _normal(a), _normal(b)
        if a == b or _inside(a, b) or _inside(b, a):
            return True
        if _climbs(a) or _climbs(b):
            return None
    if answer is None or opaque_parts(written) or opaque_parts(path):
        return None
    # Two run-time inputs (`--save_to` and `--adapter`) are told apart elsewhere, but a user
    # may give both one folder: a write into one may change the other. (A path built from one,
    # `f"{out}/results.json"`, keeps the assumption: its text says what it is.)
    both_inputs = isinstance(written, Sym) and isinstance(path, Sym)
    return None if both_inputs and not known_apart(written, path) else False


def from_directory(directory: Value | None, path: Value | None) -> Value | None:
    """`path` as the process reads it after `os.chdir(directory)` (None: it never changed
    directory, so a relative path names what it always did). A path whose text starts with
    `/` is unchanged; one that starts with text of another kind (an input that may be either)
    is left as it is."""
    if directory is None or path is None:
        return path
    first = path.parts[0] if isinstance(path, Concat) and path.parts else path
    if not (isinstance(first, Const) and isinstance(first.value, str)):
        return path
    if first.value.startswith("/"):
        return path
    return concat(directory, Const("/"), path)


def content_at(writes: Sequence[Write], path: Value | None, aliases: Mapping[str, str]) -> Content:
    """How many writes so far certainly, or possibly, changed the folder `path`; `aliases`:
    the inputs this world took to be one (`Trace.same_inputs`), so a folder written as one of
    them is the folder named by the other."""
    if path is None:
        return Content()
    certain = possible = 0
    last = None
    rewriter = ""
    named = as_one(path, aliases) or path
    for write in writes:
        related = relation(as_one(write.target, aliases), named)
        if related is True:
            certain += 1
            last, rewriter = write.loc, _REWRITERS.get(write.kind, "")
        elif related is None and write.kind == "model":
            possible += 1
            last = last or write.loc
    return Content(certain, possible, last, rewriter=rewriter)


# A write a client of the repository makes before it posts the folder to a route handler
# (`unseen._fed_arguments`): another process, known from the client's source.
CLIENT_WRITE = "client"
# A write a generator the run iterates makes (`calls._run_body`): between any two items.
GENERATOR = "generator"
# A write the run makes while a generator that serves the folder is under way: its later
# items are served after it (`later_serves.py`).
LATER_ITEM = "later item"
# A write the run makes while a thread it started (or a pool's task) that serves the folder
# goes on beside it (`later_serves.py`).
THREAD_ITEM = "thread item"
PROCESS_ITEM = "process item"  # the same, of a process it started (an engine of its own)
TASK_ITEM = "task item"  # the same, of an asyncio task it started
_REWRITERS = {
    "watched": "process",
    "thread": "thread",
    CLIENT_WRITE: "client",
    GENERATOR: GENERATOR,
}


def as_one(value: Value | None, aliases: Mapping[str, str]) -> Value | None:
    """An input this world took to equal another, under the one key both share now."""
    if not aliases or value is None:
        return value
    if isinstance(value, Sym) and value.key in aliases:
        return replace(value, key=aliases[value.key])
    if isinstance(value, Concat):
        parts = tuple(as_one(part, aliases) or part for part in value.parts)
        return replace(value, parts=parts)
    return value


def concurrent_writes(m: Machine, path: Value | None, loc: Loc) -> None:
    """A folder a thread the run started, or a generator it iterates, writes into may change
    before any later request of it: each such request is told of a write just before it."""
    if path is None:
        return
    for write in m.concurrent:
        if write.proc == m.proc and relation(write.target, path) is True:
            kind = GENERATOR if write.kind == GENERATOR else "thread"
            m.writes.append(Write(write.target, write.loc, m.proc, kind))
            return
