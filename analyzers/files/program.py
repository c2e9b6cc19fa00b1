"""The modules an interpretation may enter: one parsed file each, found through a loader."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from analyzers.files.notebook import stem
from analyzers.files.parsing import SourceFile
from analyzers.files.posting import Feed


@dataclass(frozen=True, eq=False)
class Module:
    """A parsed file of the analysed repository, under its dotted module name."""

    source: SourceFile
    name: str  # "scripts.eval", "utils.lora", "pkg" for pkg/__init__.py
    is_package: bool = False

    @property
    def path(self) -> str:
        return self.source.path

    @property
    def package(self) -> str:
        """The package relative imports start from."""
        return self.name if self.is_package else self.name.rpartition(".")[0]


class ModuleLoader(Protocol):
    """Finds same-repository modules by dotted name; None means "not in this repository"."""

    def load(self, name: str, importer: Module) -> Module | None: ...

    def shadows(self, name: str, importer: Module) -> bool:
        """Whether an import statement of `importer` naming `name` finds `importer`'s own file
        under another name (`backends/vllm.py` doing `from vllm import LLM`, through its own
        folder): Python would run a second copy of it that fails on that same import, so the
        statement only works where it finds the installed package."""
        ...

    def resolve_script(self, text: str, importer_path: str) -> str | None:
        """The repository path a command-line script reference (`scripts/eval.py`) points to."""
        ...

    def resolve_module_path(self, name: str) -> str | None:
        """The repository path of `python -m name`."""
        ...

    def touch(self, path: str, key: str) -> None:
        """The analysis ran or read the body of the function `key` of the module at `path`:
        a later version of the module that changes only other bodies gives the same result."""
        ...

    def posted_after_write(self, route: str) -> Sequence[Feed]:
        """The repository's clients that post a folder to `route` right after writing weights
        into it (`files/posting.py`)."""
        ...

    def read_data(self, path: str) -> bytes | None:
        """The bytes of a small data file of the repository (a manifest beside the driver), or
        None when there is none at `path`; the result then depends on every byte of it."""
        ...


def module_name_for(path: str) -> tuple[str, bool]:
    """`scripts/eval.py` -> ("scripts.eval", False); `pkg/__init__.py` -> ("pkg", True)."""
    parts = [part for part in stem(path).split("/") if part]
    if parts and parts[-1] == "__init__":
        return ".".join(parts[:-1]) or "__init__", True
    return ".".join(parts), False
