"""Which vLLM release a repository pins, from its lock and requirements files."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzers.files.directory import DirectoryTree
from analyzers.vllm.lockfiles import pinned_vllm_version
from analyzers.vllm.releases import VllmVersion
from analyzers.vllm.version_plan import REPRESENTATIVES, plan_versions

UV_LOCK = """\
version = 1
[[package]]
name = "torch"
version = "2.8.0"

[[package]]
name = "vllm"
version = "0.11.0"
source = { registry = "https://pypi.org/simple" }
"""
POETRY_LOCK = '[[package]]\nname = "vLLM"\nversion = "0.10.1.1"\n'


def _tree(tmp_path: Path, files: dict[str, str]) -> DirectoryTree:
    for relpath, text in files.items():
        target = tmp_path / relpath
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    return DirectoryTree(tmp_path)


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({"uv.lock": UV_LOCK}, ("0.11.0", "uv.lock")),
        ({"poetry.lock": POETRY_LOCK}, ("0.10.1.1", "poetry.lock")),
        (
            {"requirements.txt": "torch\nvllm[audio] == 0.15.0  # pinned\n"},
            ("0.15.0", "requirements.txt"),
        ),
        ({"requirements-gpu.txt": "vllm===0.12.0\n"}, ("0.12.0", "requirements.txt")),
        ({"requirements/serve.txt": "vllm==0.14.0\n"}, ("0.14.0", "requirements.txt")),
        (
            {"pyproject.toml": '[project]\ndependencies = ["vllm==0.13.0"]\n'},
            ("0.13.0", "pyproject.toml"),
        ),
        (
            {"pyproject.toml": '[tool.poetry.dependencies]\nvllm = { version = "0.11.1" }\n'},
            ("0.11.1", "pyproject.toml"),
        ),
        (
            {"uv.lock": UV_LOCK, "requirements.txt": "vllm==0.15.0\n"},
            ("0.11.0", "uv.lock"),
        ),
    ],
    ids=[
        "uv",
        "poetry",
        "requirements",
        "requirements-glob",
        "requirements-dir",
        "pep621",
        "poetry-table",
        "lock-wins",
    ],
)
def test_pins_are_found_in_order(
    tmp_path: Path, files: dict[str, str], expected: tuple[str, str]
) -> None:
    found = pinned_vllm_version(_tree(tmp_path, files))
    assert found is not None
    assert (found.version, found.source) == expected


@pytest.mark.parametrize(
    "files",
    [
        {"requirements.txt": "vllm>=0.10\n"},
        {"pyproject.toml": '[project]\ndependencies = ["vllm~=0.11"]\n'},
        {"uv.lock": "this is [not toml"},
        {"sub/requirements.txt": "vllm==0.11.0\n"},
    ],
    ids=["range", "compatible-release", "broken-lock", "not-at-root"],
)
def test_no_exact_pin_leaves_the_version_unknown(tmp_path: Path, files: dict[str, str]) -> None:
    assert pinned_vllm_version(_tree(tmp_path, files)) is None


def test_flag_beats_config_beats_lock_files(tmp_path: Path) -> None:
    tree = _tree(tmp_path, {"uv.lock": UV_LOCK})
    flag = plan_versions(tree, "0.15.0", "0.14.0")
    assert (flag.text, flag.source, flag.primary) == ("0.15.0", "flag", VllmVersion(0, 15, 0))
    config = plan_versions(tree, None, "0.14.0")
    assert (config.text, config.source) == ("0.14.0", "config")
    lock = plan_versions(tree, None, None)
    assert (lock.text, lock.source) == ("0.11.0", "uv.lock")
    # The pinned release plus one representative of each other cache behaviour.
    assert lock.versions == (VllmVersion(0, 11, 0), VllmVersion(0, 10, 2), VllmVersion(0, 33, 0))


def test_an_invalid_version_is_reported_and_ignored(tmp_path: Path) -> None:
    plan = plan_versions(_tree(tmp_path, {}), "banana", None)
    assert plan.primary is None
    assert plan.versions == REPRESENTATIVES
    assert plan.errors
    assert "banana" in plan.errors[0]


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (
            {
                "requirements.txt": (
                    "vllm==0.12.0 \\\n    --hash=sha256:abcd \\\n    --hash=sha256:ef01\n"
                )
            },
            ("0.12.0", "requirements.txt", "requirements.txt"),
        ),
        (
            {"requirements.txt": "-r base.txt\n", "base.txt": "# pinned here\nVLLM == 0.13.0\n"},
            ("0.13.0", "requirements.txt", "base.txt"),
        ),
        (
            {
                "requirements.txt": "--constraint constraints/gpu.txt\n",
                "constraints/gpu.txt": "vllm===0.14.0\n",
            },
            ("0.14.0", "requirements.txt", "constraints/gpu.txt"),
        ),
        (
            {"requirements.txt": "vllm[audio]==0.15.1 ; python_version >= '3.10'  # ok\n"},
            ("0.15.1", "requirements.txt", "requirements.txt"),
        ),
        (
            {"pyproject.toml": '[dependency-groups]\nserve = ["vllm==0.16.0"]\n'},
            ("0.16.0", "pyproject.toml", "pyproject.toml"),
        ),
    ],
    ids=["hash-continuation", "include", "constraint", "extras-marker", "dependency-group"],
)
def test_requirement_files_are_read_as_pip_reads_them(
    tmp_path: Path, files: dict[str, str], expected: tuple[str, str, str]
) -> None:
    found = pinned_vllm_version(_tree(tmp_path, files))
    assert found is not None
    assert (found.version, found.source, found.path) == expected


def test_requirement_lines_split_off_options_and_includes() -> None:
    from analyzers.vllm.lockfiles import requirement_lines

    assert list(requirement_lines("-r a.txt\nvllm>=0.1 --hash=sha256:00\n")) == [
        ("", "a.txt"),
        ("vllm>=0.1", None),
    ]


def test_an_include_cycle_is_not_followed_forever(tmp_path: Path) -> None:
    tree = _tree(
        tmp_path, {"requirements.txt": "-r other.txt\n", "other.txt": "-r requirements.txt\n"}
    )
    assert pinned_vllm_version(tree) is None


@pytest.mark.parametrize(
    ("requirement", "versions", "words"),
    [
        ("vllm>=0.15", (VllmVersion(0, 33, 0),), "vllm>=0.15 in requirements.txt"),
        ("vllm~=0.11.0", (VllmVersion(0, 11, 2),), "vllm~=0.11.0 in requirements.txt"),
        ("vllm>=0.10,<0.12", (VllmVersion(0, 10, 2), VllmVersion(0, 11, 2)), "vllm<0.12,>=0.10"),
    ],
)
def test_a_range_narrows_the_releases_considered(
    tmp_path: Path, requirement: str, versions: tuple[VllmVersion, ...], words: str
) -> None:
    plan = plan_versions(_tree(tmp_path, {"requirements.txt": requirement + "\n"}), None, None)
    assert plan.primary is None
    assert plan.versions == versions
    assert words in plan.notes()[0]
    assert "worst verdict across the vLLM releases it allows" in plan.notes()[0]


@pytest.mark.parametrize(
    ("pin", "words"),
    [("0.40.0", "newer than the releases modelled"), ("0.6.3", "older than the releases modelled")],
)
def test_a_pin_outside_the_modelled_range_says_so(tmp_path: Path, pin: str, words: str) -> None:
    plan = plan_versions(_tree(tmp_path, {"requirements.txt": f"vllm=={pin}\n"}), None, None)
    assert plan.text == pin
    assert any(words in note for note in plan.notes())
    assert words in (plan.evidence() or "")


def test_the_pins_are_looked_for_from_the_drivers_folder_up(tmp_path: Path) -> None:
    tree = _tree(
        tmp_path,
        {
            "uv.lock": UV_LOCK,
            "projects/b/requirements.txt": "vllm==0.15.0\n",
            "projects/c/pyproject.toml": '[project]\ndependencies = ["vllm>=0.20"]\n',
        },
    )
    assert plan_versions(tree, None, None, "projects/b/scripts").text == "0.15.0"
    assert plan_versions(tree, None, None, "projects/a").text == "0.11.0"
    # a lock file further up pins what a nearer range allows
    assert plan_versions(tree, None, None, "projects/c").text == "0.11.0"


def test_unpinned_reasons_say_what_the_analysis_did(tmp_path: Path) -> None:
    plan = plan_versions(_tree(tmp_path, {}), None, None)
    assert plan.notes() == [
        "vLLM version not pinned: this is the worst verdict across vLLM releases"
    ]
    assert plan.header == "vLLM version not pinned: each verdict is the worst across vLLM releases"
