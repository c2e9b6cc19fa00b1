"""The row invariant over every corpus the tests hold: each Python file with a request site gets
exactly one row, whether or not any interpreted run reached the site.

Two independent readings of "has a request site" are checked: the product's own (the `ast` pass
of `analyzers/files/sites.py`), and a token-level one written here (code tokens only, so sites in
comments and docstrings do not count), so a site that discovery misses fails this test too.
"""

from __future__ import annotations

import io
import re
import shutil
import tokenize
from pathlib import Path

import pytest

from analyzers.audit import audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.files.discover import ModuleStore, discover_sites
from tests.analyzers.conftest import DRIVERS

ROOT = Path(__file__).resolve().parents[2]
_SUBCLASS = re.compile(r"^\s*class\s+(\w+)\s*\(([^)]*)\)", re.M)
_CALLS = ("add_lora", "remove_lora")
_ROUTE = re.compile(r"(?<!un)load_lora_adapter")


def _corpora() -> list[Path]:
    found = [DRIVERS, ROOT / "examples"]
    for group in ("review_repos", "reproductions"):
        found += sorted(p for p in (DRIVERS / group).iterdir() if p.is_dir())
    return found


def _request_classes(texts: list[str]) -> set[str]:
    names = {"LoRARequest"}
    changed = True
    while changed:
        changed = False
        for text in texts:
            for name, bases in _SUBCLASS.findall(text):
                if name not in names and any(base in bases for base in names):
                    names.add(name)
                    changed = True
    return names


def _has_site(text: str, classes: set[str]) -> bool:
    """A request site among the code tokens, or code for one held in a (non-doc) string."""
    try:
        tokens = [
            t
            for t in tokenize.generate_tokens(io.StringIO(text).readline)
            if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE)
        ]
    except (tokenize.TokenError, SyntaxError):
        return False
    for index, token in enumerate(tokens[:-1]):
        after = tokens[index + 1].string
        before = tokens[index - 1].string if index else ""
        named = token.string in classes or token.string.endswith("LoRARequest")
        if token.type == tokenize.NAME and named and after == "(":
            return True
        if token.string in _CALLS and before == "." and after == "(":
            return True
        if token.string == "lora_request" and after == "=" and before in ("(", ","):
            value = tokens[index + 2].string if index + 2 < len(tokens) else ""
            if value != "None":
                return True
        if (
            token.type == tokenize.STRING
            and before not in ("", ":", "INDENT")
            and (_ROUTE.search(token.string) or "LoRARequest(" in token.string)
        ):
            return True
    return False


def _files(root: Path) -> dict[str, str]:
    out = {}
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if root == DRIVERS and "/" in relative:
            continue  # the sub-corpora are scanned as repositories of their own
        out[relative] = path.read_text(encoding="utf-8", errors="replace")
    return out


@pytest.mark.parametrize("corpus", _corpora(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_file_with_a_site_has_exactly_one_row(tmp_path: Path, corpus: Path) -> None:
    files = _files(corpus)
    root = tmp_path / "repo"
    for relative, text in files.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    for extra in corpus.glob("*.json"):
        shutil.copy(extra, root / extra.name)
    tree = DirectoryTree(root)
    report = audit_tree(tree)
    paths = [row.path for row in report.drivers]
    assert len(paths) == len(set(paths)), "a file has more than one row"
    store = ModuleStore(tree, tree.files())
    discovered = set(discover_sites(store, sorted(files), tree.candidates))
    classes = _request_classes(list(files.values()))
    by_tokens = {path for path, text in files.items() if _has_site(text, classes)}
    assert by_tokens <= discovered, f"discovery misses sites in {sorted(by_tokens - discovered)}"
    missing = sorted(discovered - set(paths))
    assert not missing, f"files with a request site but no row: {missing}"
    assert discovered, "the corpus holds request sites, so the check cannot pass vacuously"
