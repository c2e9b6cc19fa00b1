"""The composite GitHub Action (`action.yml`), its steps run as the runner runs them.

There is no Actions runner here, so this file is one: each `run:` step is executed with
`bash --noprofile --norc -eo pipefail` (GitHub's `shell: bash`), its `env:` expressions
evaluated from the inputs, the event and earlier steps' outputs, with `GITHUB_OUTPUT`,
`GITHUB_PATH` and `GITHUB_STEP_SUMMARY` files as the runner provides them. A `uses:` step is
checked rather than run: the upload step's SARIF must be what code scanning accepts.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support.gitrepo import GitRepo
from tests.support.sarif import load_sarif
from tests.support.snapshot import copy_project

ROOT = Path(__file__).resolve().parent.parent
ACTION = yaml.safe_load((ROOT / "action.yml").read_text())
DRIVERS = ROOT / "tests" / "analyzers" / "drivers"
AFFECTED = (DRIVERS / "checkpoint_loop_one_id.py").read_text()
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


@dataclass
class Runner:
    """What a job has while it runs the action's steps."""

    workspace: Path
    temp: Path
    inputs: dict[str, str]
    event: dict[str, Any] = field(default_factory=dict)
    outputs: dict[str, dict[str, str]] = field(default_factory=dict)
    path: list[str] = field(default_factory=list)
    uploads: list[dict[str, str]] = field(default_factory=list)
    summary: str = ""

    def value(self, expression: str) -> str:
        """A context reference, as the runner evaluates it; unknown ones fail the test."""
        if expression.startswith("inputs."):
            name = expression.removeprefix("inputs.")
            declared = ACTION["inputs"][name]
            return self.inputs.get(name, str(declared.get("default", "")))
        if expression == "github.action_path":
            return str(self.temp / "action")
        if expression == "runner.temp":
            return str(self.temp)
        if expression.startswith("github.event."):
            found: Any = self.event
            for part in expression.removeprefix("github.event.").split("."):
                found = found.get(part, {}) if isinstance(found, dict) else {}
            return found if isinstance(found, str) else ""
        match = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expression)
        if match is not None:
            return self.outputs.get(match.group(1), {}).get(match.group(2), "")
        raise AssertionError(f"the test runner does not know {expression!r}")

    def substitute(self, text: str) -> str:
        return EXPRESSION.sub(lambda m: self.value(m.group(1)), text)

    def condition(self, text: str) -> bool:
        """`if:` with `always()`, `==`, `!=` and `&&`: all the action uses."""
        for term in (part.strip() for part in text.split("&&")):
            if term == "always()":
                continue
            left, operator, right = re.split(r"\s*(==|!=)\s*", term)
            value = self.value(left)
            expected = right.strip("'")
            if (value == expected) != (operator == "=="):
                return False
        return True


def run_step(runner: Runner, step: dict[str, Any]) -> int:
    if "if" in step and not runner.condition(step["if"]):
        return 0
    if "uses" in step:
        action = step["uses"]
        if action.startswith("github/codeql-action/upload-sarif@"):
            upload = {key: runner.substitute(str(value)) for key, value in step["with"].items()}
            text = (runner.workspace / upload["sarif_file"]).read_text()
            load_sarif(text)  # what code scanning would accept
            runner.uploads.append(upload)
        return 0
    assert step["shell"] == "bash"
    files = {name: runner.temp / f"{name.lower()}.txt" for name in ("GITHUB_OUTPUT", "GITHUB_PATH")}
    summary = runner.temp / "summary.md"
    for path in files.values():
        path.write_text("")
    inherited = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("GITHUB_", "RUNNER_", "VIRTUAL_ENV", "LORA_AUDIT_"))
    }
    env = {
        **inherited,
        "PATH": os.pathsep.join([*runner.path, str(runner.temp / "bin"), os.environ["PATH"]]),
        "RUNNER_TEMP": str(runner.temp),
        "GITHUB_WORKSPACE": str(runner.workspace),
        "GITHUB_STEP_SUMMARY": str(summary),
        "XDG_CACHE_HOME": str(runner.temp / "cache"),
        **{name: str(path) for name, path in files.items()},
        **{key: runner.substitute(str(value)) for key, value in step.get("env", {}).items()},
    }
    script = runner.temp / "step.sh"
    script.write_text(runner.substitute(step["run"]))
    done = subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
        cwd=runner.workspace, env=env, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    if "id" in step:
        outputs = runner.outputs.setdefault(step["id"], {})
        for line in files["GITHUB_OUTPUT"].read_text().splitlines():
            key, _, value = line.partition("=")
            outputs[key] = value
    runner.path = [*files["GITHUB_PATH"].read_text().split(), *runner.path]
    if summary.exists():
        runner.summary += summary.read_text()
    if done.returncode != 0 and step.get("name") != "Verdict":
        raise AssertionError(f"step {step.get('name')} failed:\n{done.stdout}\n{done.stderr}")
    return done.returncode


STEPS: list[dict[str, Any]] = ACTION["runs"]["steps"]
INSTALL = next(step for step in STEPS if step.get("name") == "Install lora-audit")
AUDIT_STEPS = STEPS[STEPS.index(INSTALL) + 1 :]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """(runner temp with the action checked out, PATH entries) after the install step."""
    temp = tmp_path_factory.mktemp("runner")
    copy_project(temp / "action", ["action.yml"])
    # what actions/setup-python leaves: `python` on PATH (and uv, when the runner has it)
    (temp / "bin").mkdir()
    (temp / "bin" / "python").symlink_to(sys.executable)
    uv = shutil.which("uv") or str(Path(sys.executable).parent / "uv")
    (temp / "bin" / "uv").symlink_to(uv)
    runner = Runner(workspace=temp, temp=temp, inputs={})
    assert run_step(runner, INSTALL) == 0
    assert runner.path == [str(temp / "lora-audit" / "bin")]
    probe = subprocess.run(
        [str(temp / "lora-audit" / "bin" / "python"), "-c", "import starlette"],
        capture_output=True, check=False,
    )  # fmt: skip
    assert probe.returncode != 0  # the action installs the light CLI, not the App
    return temp, runner.path


def _job(installed: tuple[Path, list[str]], repo: Path, **inputs: str) -> Runner:
    temp, path = installed
    for leftover in ("summary.md",):
        (temp / leftover).unlink(missing_ok=True)
    return Runner(workspace=repo, temp=temp, inputs=inputs, path=list(path))


def _run_job(runner: Runner) -> int:
    codes = [run_step(runner, step) for step in AUDIT_STEPS]
    return codes[-1]


def test_the_action_declares_the_inputs_and_uses_the_upload_action() -> None:
    assert ACTION["runs"]["using"] == "composite"
    assert {"paths", "fail-on", "base", "vllm-version"} <= set(ACTION["inputs"])
    uses = [step["uses"] for step in STEPS if "uses" in step]
    assert any(use.startswith("github/codeql-action/upload-sarif@v") for use in uses)
    for step in STEPS:
        assert "${{" not in step.get("run", ""), step.get("name")  # inputs only through env


def test_a_push_with_an_affected_driver_fails_and_uploads(
    installed: tuple[Path, list[str]], tmp_path: Path
) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("driver", {"eval/run_eval.py": AFFECTED, "README.md": "x\n"})
    runner = _job(installed, repo.path)
    assert _run_job(runner) == 1
    assert runner.outputs["scan"]["exit-code"] == "1"
    (upload,) = runner.uploads
    assert upload["category"] == "lora-audit"
    log = load_sarif((repo.path / upload["sarif_file"]).read_text())
    uris = [
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for r in log["runs"][0]["results"]
    ]
    assert uris == ["eval/run_eval.py"]
    assert "eval/run_eval.py" in runner.summary
    assert "Affected" in runner.summary


def test_inputs_paths_fail_on_and_vllm_version(
    installed: tuple[Path, list[str]], tmp_path: Path
) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("driver", {"eval/run_eval.py": AFFECTED, "other/ok.py": "x = 1\n"})
    never = _job(installed, repo.path, **{"fail-on": "never", "vllm-version": "0.15.0"})
    assert _run_job(never) == 0
    assert never.outputs["scan"]["exit-code"] == "0"
    assert "vLLM 0.15.0 (from flag)" in never.summary  # the input reached --vllm-version
    elsewhere = _job(installed, repo.path, paths="other\n")
    assert _run_job(elsewhere) == 0  # only other/ is audited
    assert not load_sarif((repo.path / "lora-audit.sarif").read_text())["runs"][0]["results"]


def test_a_pull_request_fails_only_on_what_it_adds(
    installed: tuple[Path, list[str]], tmp_path: Path
) -> None:
    repo = GitRepo(tmp_path / "repo")
    base = repo.commit("legacy affected driver", {"legacy.py": AFFECTED})
    repo.commit("docs only", {"README.md": "docs\n"})
    event = {"pull_request": {"base": {"sha": base}}}
    docs = _job(installed, repo.path)
    docs.event = event
    assert _run_job(docs) == 0  # legacy.py was affected before this pull request
    assert docs.uploads  # ... and is still uploaded: code scanning tracks it
    repo.commit("a new affected driver", {"new_eval.py": AFFECTED})
    added = _job(installed, repo.path)
    added.event = event
    assert _run_job(added) == 1
    pinned = _job(installed, repo.path, base=base, upload="false")
    assert _run_job(pinned) == 1
    assert not pinned.uploads
