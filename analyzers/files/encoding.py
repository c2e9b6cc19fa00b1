"""A source file's text encoding, read as Python reads it (PEP 263), and nothing more.

The byte prefilter looks for ASCII needles in the raw bytes, which only works when the file's
encoding writes ASCII as ASCII. A coding cookie can name a codec that does not (UTF-7 writes
`LoRARequest` as `+AEw-oRARequest` if it likes, `unicode_escape` as `\\x4coRARequest`), so such a
file is searched in its decoded text. Only Python's own text codecs ever run: a name that is not
a registered codec, or that names a bytes-to-bytes or str-to-str transform (`rot13`, `zlib`,
`base64`, `hex`, `bz2`, `uu`, `quopri`), is refused here exactly as Python refuses it, and the
file becomes an `Indeterminate` row with the reason instead of ending the audit.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

# PEP 263: the cookie is on line 1, or on line 2 when line 1 is a comment or blank.
COOKIE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")
# Fixed strings that every cookie line contains: the prefilter adds them to its needles.
COOKIE_NEEDLES: tuple[bytes, ...] = (b"coding:", b"coding=")
_BLANK_OR_COMMENT = re.compile(rb"^[ \t\f]*(?:[#\r\n]|$)")
_BOM = codecs.BOM_UTF8
# Codecs (by their canonical name) that write every ASCII character as that ASCII byte and have
# no escape syntax: a needle is in the bytes exactly when it is in the text.
_ASCII_TRANSPARENT = re.compile(
    r"^(?:utf-8(?:-sig)?|ascii|latin-1|iso8859-\d+|cp125\d|mac-roman|koi8-[ru])$"
)


class EncodingProblem(Exception):
    """The file cannot be decoded as Python would; `why` is one line for a reviewer."""

    def __init__(self, why: str, line: int = 1) -> None:
        super().__init__(why)
        self.why = why
        self.line = line


@dataclass(frozen=True)
class SourceEncoding:
    name: str  # canonical codec name, e.g. "utf-8", "utf-7"
    declared: str | None  # the cookie's text, None without one
    bom: bool

    @property
    def ascii_transparent(self) -> bool:
        return _ASCII_TRANSPARENT.match(self.name) is not None


_LINE_END = re.compile(rb"\r\n|\r|\n")


def _lines(data: bytes) -> list[bytes]:
    """The first two lines, whatever their line ends or length (without copying the rest)."""
    lines: list[bytes] = []
    start = 0
    while len(lines) < 2:
        end = _LINE_END.search(data, start)
        if end is None:
            lines.append(data[start:])
            break
        lines.append(data[start : end.start()])
        start = end.end()
    return lines


def declared_encoding(data: bytes) -> str | None:
    """The PEP 263 cookie's encoding name, or None."""
    lines = _lines(data.removeprefix(_BOM))
    for index, line in enumerate(lines):
        match = COOKIE.match(line)
        if match is not None:
            return match.group(1).decode("ascii", "replace")
        if index == 0 and _BLANK_OR_COMMENT.match(line) is None:
            return None  # line 2 counts only after a comment or blank line 1
    return None


def source_encoding(data: bytes) -> SourceEncoding:
    """The codec Python would decode this file with; `EncodingProblem` when Python refuses it."""
    declared = declared_encoding(data)
    bom = data.startswith(_BOM)
    if declared is None:
        return SourceEncoding("utf-8", None, bom)
    try:
        info = codecs.lookup(declared)
    except LookupError:
        raise EncodingProblem(
            f"declares source encoding {declared!r}, which is not a codec Python knows "
            f"(Python refuses to run it)"
        ) from None
    if not getattr(info, "_is_text_encoding", True):
        raise EncodingProblem(
            f"declares source encoding {declared!r}, a transform rather than a text encoding "
            f"(Python refuses to run it; it is not decoded)"
        )
    if bom and info.name != "utf-8":
        raise EncodingProblem(
            f"starts with a UTF-8 byte order mark but declares source encoding {declared!r} "
            f"(Python refuses to run it)"
        )
    return SourceEncoding(info.name, declared, bom)


def decode_source(data: bytes) -> str:
    """The file's text, decoded strictly with its declared codec (UTF-8 by default)."""
    encoding = source_encoding(data)
    try:
        return data.decode(encoding.name).removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise EncodingProblem(
            f"not valid {encoding.declared or encoding.name} (byte {exc.start}, line {line})", line
        ) from None
    except (UnicodeError, ValueError, TypeError, LookupError) as exc:
        # punycode, undefined and friends fail as a whole rather than at a byte
        detail = str(exc).split("(", 1)[0].strip() or "decoding failed"
        raise EncodingProblem(
            f"cannot be decoded as its declared source encoding {encoding.declared!r}: {detail}"
        ) from None


def searchable(data: bytes) -> bytes:
    """Bytes in which an ASCII needle occurs exactly when it occurs in the file's text.

    The raw bytes for UTF-8 and the other ASCII-transparent codecs; otherwise the decoded text
    as UTF-8. A file whose encoding Python refuses is searched as it is (its needles then make
    it an `Indeterminate` row, with the reason, when it is parsed).
    """
    try:
        encoding = source_encoding(data)
    except EncodingProblem:
        return data
    if encoding.ascii_transparent:
        return data
    try:
        return decode_source(data).encode("utf-8", "surrogatepass")
    except EncodingProblem:
        return data
