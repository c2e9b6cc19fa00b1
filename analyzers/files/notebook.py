"""Jupyter notebooks read as the Python script their code cells make, run top to bottom.

Research code evaluates checkpoints in notebooks as often as in scripts: a notebook that builds a
`LoRARequest` is a driver and owes its row. Its code cells are laid out at the lines of the
notebook file that hold them, so that `file:line` evidence (and a check run's annotation) points
at the notebook as stored; when the file is not written one source line per line (a single
string, a minified file), the cells are joined in order instead, and lines count the cells'
code. IPython syntax is made plain Python without changing what runs: a `!shell` or `%magic`
line becomes `pass` (a `x = !ls` assignment binds None), and a cell whose magic hands it to
another language (`%%bash`, `%%writefile`) is left out.
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

# Cell magics whose body is still Python run by the kernel (timed, profiled, captured).
_PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug"})
_LINE_MAGIC = re.compile(r"^(\s*)[%!]")
_ASSIGNED_MAGIC = re.compile(r"^(\s*[A-Za-z_][\w.\s,]*=\s*)[%!]")
_HELP = re.compile(r"^(\s*)[\w.]+\?\??\s*$")
_SOURCE_KEY = re.compile(r'^\s*"source"\s*:')


class NotebookError(ValueError):
    """The file is not a notebook whose code cells can be read."""


def is_notebook(path: str) -> bool:
    return path.endswith(SUFFIX)


def is_source(path: str) -> bool:
    """Whether the analysis reads `path` as Python: a module, a script or a notebook."""
    return path.endswith(SOURCE_SUFFIXES)


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
    if placed is not None:
        return "\n".join(placed).encode() + b"\n"
    lines = [line for kind, source in cells if kind == "code" for line in _code_lines(source)]
    return "\n".join(lines).encode() + b"\n"


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
    """The plain-Python lines of one code cell, as many as it has."""
    lines = "".join(pieces).splitlines()
    first = next((line.strip() for line in lines if line.strip()), "")
    if first.startswith("%%"):
        magic = first[2:].split(maxsplit=1)[0] if first[2:].strip() else ""
        if magic not in _PYTHON_CELL_MAGICS:
            return ["" for _ in lines]  # another language's cell: nothing of it runs as Python
    return [_plain(line) for line in lines]


def _plain(line: str) -> str:
    if line.lstrip().startswith("%%"):
        return ""
    assigned = _ASSIGNED_MAGIC.match(line)
    if assigned:
        return f"{assigned.group(1)}None"
    magic = _LINE_MAGIC.match(line) or _HELP.match(line)
    if magic:
        return f"{magic.group(1)}pass"
    return line


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
        if not all(piece.count("\n") <= (0 if i == len(pieces) - 1 else 1)
                   and (i == len(pieces) - 1 or piece.endswith("\n"))
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
