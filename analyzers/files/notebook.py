"""Jupyter notebooks read as the Python script their code cells make, run top to bottom.

Research code evaluates checkpoints in notebooks as often as in scripts: a notebook that builds a
`LoRARequest` is a driver and owes its row. Its code cells are laid out at the lines of the
notebook file that hold them, so that `file:line` evidence (and a check run's annotation) points
at the notebook as stored; when the file is not written one source line per line (a single
string, a minified file), the cells are joined in order instead, and lines count the cells'
code. IPython syntax becomes the Python IPython itself runs for it, so that what it does is seen: a
`!cp -r {ckpt} adapter` line (and a `%%bash` cell, a `%cp` alias) is `os.system(f"...")`, a
`%env NAME=value` line sets `os.environ`, `%time stmt` is `stmt`, a `%%writefile` cell writes its
text, and other magics (`%matplotlib`, `%pip`) do nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

SUFFIX = ".ipynb"
# Files read as Python source: modules and scripts, and notebooks.
SOURCE_SUFFIXES = (".py", SUFFIX)
# `git grep` pathspecs of the same files.
SOURCE_PATHSPECS = ("*.py", f"*{SUFFIX}")

# The module IPython's shell lines run through, bound on the script's first line (in the placed
# layout that line of the file is the notebook's opening brace).
_OS = "_ipython_os"
_PRELUDE = f"import os as {_OS}"
# Cell magics whose body is still Python run by the kernel (timed, profiled, captured).
_PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug"})
_SHELL_CELL_MAGICS = frozenset({"bash", "sh", "script", "system"})
# Line magics that run the statement after them (and their options).
_RUNNING_MAGICS = re.compile(r"^(time|timeit|prun)\s+(?:-\w+(?:\s+\d+)?\s+)*(.*)$")
# Line magics that are shell commands of the same name (IPython's default aliases).
_SHELL_ALIASES = frozenset({"cp", "mv", "rm", "mkdir", "rmdir", "ln", "cat", "ls", "cd"})
_ASSIGNED = re.compile(r"^(\s*[A-Za-z_][\w.\s,\[\]]*=\s*)([%!])(.*)$")
_HELP = re.compile(r"^(\s*)[\w.]+\?\??\s*$")
_SOURCE_KEY = re.compile(r'^\s*"source"\s*:')
_DOLLAR = re.compile(r"(?<!\$)\$([A-Za-z_]\w*)")


class NotebookError(ValueError):
    """The file is not a notebook whose code cells can be read."""


def is_notebook(path: str) -> bool:
    return path.endswith(SUFFIX)


def is_source(path: str) -> bool:
    """Whether the analysis reads `path` as Python: a module, a script or a notebook."""
    return path.endswith(SOURCE_SUFFIXES)


def may_be_script(path: str) -> bool:
    """A file whose name has no suffix (`bin/evaluate`, a console script): Python when its
    first line says so (`is_python_script`)."""
    return "." not in path.rpartition("/")[2]


def is_python_script(data: bytes) -> bool:
    """`#!/usr/bin/env python3` (or any `#!` line naming python) starts the file."""
    return data.startswith(b"#!") and b"python" in data[:200].partition(b"\n")[0]


def stem(path: str) -> str:
    """The path without its `.py` or `.ipynb` suffix."""
    for suffix in SOURCE_SUFFIXES:
        if path.endswith(suffix):
            return path[: -len(suffix)]
    return path


def notebook_python(data: bytes) -> bytes:
    """The notebook's code cells as one Python script (UTF-8), or NotebookError."""
    try:
        document = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise NotebookError(f"not a readable notebook ({type(exc).__name__})") from None
    cells = _cells(document)
    text = data.decode("utf-8", "replace")
    placed = _placed(text.splitlines(), cells)
    if placed is not None and placed and not placed[0]:
        placed[0] = _PRELUDE
        return "\n".join(placed).encode() + b"\n"
    lines = [line for kind, source in cells if kind == "code" for line in _code_lines(source)]
    return "\n".join([_PRELUDE, *lines]).encode() + b"\n"


def _cells(document: object) -> list[tuple[str, list[str]]]:
    """Each cell as (kind, source pieces as stored), nbformat 4 (`cells`) or 3 (`worksheets`)."""
    if not isinstance(document, dict):
        raise NotebookError("not a notebook (no cells)")
    raw = document.get("cells")
    if raw is None and isinstance(document.get("worksheets"), list):
        raw = [cell for sheet in document["worksheets"] if isinstance(sheet, dict)
               for cell in sheet.get("cells") or []]  # fmt: skip
    if not isinstance(raw, list):
        raise NotebookError("not a notebook (no cells)")
    found = []
    for cell in raw:
        if not isinstance(cell, dict):
            continue
        source = cell.get("source", cell.get("input", []))
        pieces = [source] if isinstance(source, str) else source
        if not isinstance(pieces, list) or not all(isinstance(p, str) for p in pieces):
            raise NotebookError("a cell's source is neither text nor a list of lines")
        found.append((str(cell.get("cell_type", "")), pieces))
    return found


def _code_lines(pieces: list[str]) -> list[str]:
    """The Python lines of one code cell, as many as it has."""
    lines = "".join(pieces).splitlines()
    first = next((n for n, line in enumerate(lines) if line.strip()), None)
    if first is None or not lines[first].lstrip().startswith("%%"):
        return [_python(line) for line in lines]
    magic, _, argument = lines[first].strip()[2:].partition(" ")
    if magic in _PYTHON_CELL_MAGICS:
        return [*([""] * (first + 1)), *(_python(line) for line in lines[first + 1 :])]
    body = "\n".join(lines[first + 1 :]) + "\n"
    out = [""] * len(lines)
    if magic in _SHELL_CELL_MAGICS:
        out[first] = f"{_OS}.system({body!r})"
    elif magic == "writefile":
        target = [word for word in argument.split() if not word.startswith("-")]
        mode = "a" if "-a" in argument.split() else "w"
        if target:
            out[first] = f"open({target[0]!r}, {mode!r}).write({body!r})"
    return out  # another language's cell (`%%html`, `%%javascript`): nothing of it runs here


def _python(line: str) -> str:
    """One line of a code cell as the Python IPython runs for it."""
    indent = line[: len(line) - len(line.lstrip())]
    text = line.strip()
    assigned = _ASSIGNED.match(line)
    if assigned:  # `files = !ls`, `out = %time llm.generate(...)`
        prefix, kind, rest = assigned.groups()
        if kind == "!":
            return f"{prefix}{_OS}.popen({_shell(rest)}).read().splitlines()"
        running = _RUNNING_MAGICS.match(rest.strip())
        return f"{prefix}{running.group(2)}" if running else f"{prefix}None"
    if text.startswith("!"):
        return f"{indent}{_OS}.system({_shell(text[1:])})"
    if text.startswith("%") and not text.startswith("%%"):
        return indent + _line_magic(text[1:])
    if _HELP.match(line):
        return f"{indent}pass"
    return line


def _line_magic(text: str) -> str:
    """`%name rest` as a statement (at the line's own indentation)."""
    name, _, rest = text.partition(" ")
    rest = rest.strip()
    running = _RUNNING_MAGICS.match(text)
    if running:
        return running.group(2) or "pass"
    if name == "env" and ("=" in rest or len(rest.split()) == 2):
        key, _, value = rest.partition("=") if "=" in rest else rest.partition(" ")
        return f"{_OS}.environ[{key.strip()!r}] = {value.strip()!r}"
    if name == "cd" and rest:
        return f"{_OS}.chdir({_shell(rest)})"
    if name in _SHELL_ALIASES:
        return f"{_OS}.system({_shell(text)})"
    if name in ("sx", "system") and rest:
        return f"{_OS}.system({_shell(rest)})"
    return "pass"


def _shell(command: str) -> str:
    """A shell command as IPython expands it: `{expr}` and `$name` are the script's values."""
    expanded = _DOLLAR.sub(r"{\1}", command.strip())
    candidate = "f" + repr(expanded)
    try:
        compile(candidate, "<shell>", "eval")
    except (SyntaxError, ValueError):
        return repr(command.strip())  # `awk '{print $1}'`: braces that are no expression
    return candidate


def _placed(raw: list[str], cells: list[tuple[str, list[str]]]) -> list[str] | None:
    """The code lines at the notebook file's own lines, blank elsewhere; None when the file
    does not hold each source piece of a code cell on its own line just after `"source": [`."""
    out = [""] * len(raw)
    starts = _source_keys(raw)
    for kind, pieces in cells:
        start = next(starts, None)
        if start is None:
            return None
        if kind != "code" or not pieces:
            continue
        last = len(pieces) - 1
        if not all(piece.count("\n") <= 1 and (i == last or piece.endswith("\n"))
                   for i, piece in enumerate(pieces)):  # fmt: skip
            return None
        for offset, piece in enumerate(pieces, start=start + 1):
            if offset >= len(raw) or _decoded(raw[offset]) != piece:
                return None
        lines = _code_lines(pieces)
        if len(lines) != len(pieces):  # a piece `splitlines` cuts in two (a form feed, say)
            return None
        for offset, line in enumerate(lines, start=start + 1):
            out[offset] = line
    return out


def _source_keys(raw: list[str]) -> Iterator[int]:
    """The index of each line that opens a cell's `"source": [` list, in order."""
    for index, line in enumerate(raw):
        if _SOURCE_KEY.match(line):
            yield index


def _decoded(line: str) -> str | None:
    """The string a line of the file holds as a JSON string literal (`  "x = 1\\n",`)."""
    text = line.strip().removesuffix(",")
    if not (text.startswith('"') and text.endswith('"')):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, str) else None
