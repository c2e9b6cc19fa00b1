"""A string-to-string store on disk for `lora-audit scan`, so a repeated scan parses nothing.

One SQLite file under `$XDG_CACHE_HOME/lora-audit` (default `~/.cache/lora-audit`). Keys are
content hashes (see `audit.py`), so one store serves every repository. Any problem with the file
(locked, damaged, read-only home) degrades to "nothing cached": a cache never breaks a scan.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator, MutableMapping
from pathlib import Path

FILE_NAME = "analysis-v1.sqlite3"
MAX_BYTES = 256 * 1024 * 1024  # past this the store starts over


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "lora-audit"


class DiskCache(MutableMapping[str, str]):
    """`MutableMapping[str, str]` in one SQLite table; writes are committed by `close()`."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or cache_dir() / FILE_NAME
        self._db: sqlite3.Connection | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.exists() and self.path.stat().st_size > MAX_BYTES:
                self.path.unlink()
            self._db = sqlite3.connect(self.path, timeout=1.0)
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value TEXT)"
            )
        except (OSError, sqlite3.Error):
            self._db = None

    def __getitem__(self, key: str) -> str:
        if self._db is not None:
            try:
                row = self._db.execute("SELECT value FROM entries WHERE key = ?", (key,)).fetchone()
            except sqlite3.Error:
                row = None
            if row is not None:
                return str(row[0])
        raise KeyError(key)

    def __setitem__(self, key: str, value: str) -> None:
        if self._db is None:
            return
        with contextlib.suppress(sqlite3.Error):
            self._db.execute("INSERT OR REPLACE INTO entries VALUES (?, ?)", (key, value))

    def __delitem__(self, key: str) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("DELETE FROM entries WHERE key = ?", (key,))

    def __iter__(self) -> Iterator[str]:
        if self._db is None:
            return iter(())
        try:
            keys = [str(row[0]) for row in self._db.execute("SELECT key FROM entries")]
        except sqlite3.Error:
            keys = []
        return iter(keys)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def close(self) -> None:
        if self._db is None:
            return
        try:
            self._db.commit()
            self._db.close()
        except sqlite3.Error:
            pass
        self._db = None

    def __enter__(self) -> DiskCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
