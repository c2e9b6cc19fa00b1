"""The light install: the wheel `uv build` makes installs into a fresh virtual environment with
the analyzer's few dependencies only, and `lora-audit scan` runs there with no App package."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP_PACKAGES = ("starlette", "uvicorn", "celery", "redis", "githubkit", "httpx", "cryptography")


def _uv() -> str:
    found = shutil.which("uv") or str(Path(sys.executable).parent / "uv")
    if not Path(found).exists():
        pytest.skip("uv is not on PATH")
    return found


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        list(args), cwd=cwd, capture_output=True, text=True, timeout=600, check=False
    )
    assert result.returncode == 0, (args, result.stdout[-2000:], result.stderr[-2000:])
    return result


@pytest.fixture(scope="module")
def light_install(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the wheel, the venv it was installed into with the locked base dependencies only)."""
    uv = _uv()
    out = tmp_path_factory.mktemp("wheel")
    _run(uv, "build", "--wheel", "--out-dir", str(out), "--quiet")
    (wheel,) = out.glob("lora_audit-*.whl")
    constraints = out / "constraints.txt"
    _run(
        uv, "export", "--frozen", "--no-dev", "--no-emit-project", "--no-hashes", "--quiet",
        "-o", str(constraints),
    )  # fmt: skip
    venv = out / "venv"
    _run(uv, "venv", "--quiet", "--python", sys.executable, str(venv))
    python = venv / "bin" / "python"
    _run(
        uv, "pip", "install", "--quiet", "--python", str(python), str(wheel), "-c", str(constraints)
    )
    return wheel, venv


def test_the_wheel_declares_the_app_stack_as_an_extra(light_install: tuple[Path, Path]) -> None:
    wheel, _ = light_install
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = archive.read(name).decode()
    requires = [line for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    assert "Provides-Extra: app" in metadata
    for package in APP_PACKAGES:
        lines = [
            line for line in requires if line.lower().split(":")[1].strip().startswith(package)
        ]
        assert lines, package
        assert all("extra == 'app'" in line or 'extra == "app"' in line for line in lines), lines
    assert any(line.startswith("Requires-Dist: libcst") for line in requires)


def test_scan_runs_from_the_light_install_without_any_app_package(
    light_install: tuple[Path, Path], tmp_path: Path
) -> None:
    _, venv = light_install
    python = venv / "bin" / "python"
    for package in APP_PACKAGES:
        probe = subprocess.run(
            [str(python), "-c", f"import {package}"], capture_output=True, check=False
        )
        assert probe.returncode != 0, f"{package} is installed by the base install"
    env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "XDG_CACHE_HOME": str(tmp_path / "cache")}
    result = subprocess.run(
        [str(venv / "bin" / "lora-audit"), "scan", "examples/stale-serve", "--format", "json"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False, env=env,
    )  # fmt: skip
    assert result.returncode == 1, result.stderr[-2000:]
    report = json.loads(result.stdout)
    verdicts = {row["path"]: row["verdict"] for row in report["drivers"]}
    assert verdicts["scripts/eval_trajectory.py"] == "Affected"
    assert len(verdicts) == 6
    serve = subprocess.run(
        [str(venv / "bin" / "lora-audit"), "serve"],
        capture_output=True, text=True, timeout=60, check=False, env=env,
    )  # fmt: skip
    assert serve.returncode == 2
    assert "pip install 'lora-audit[app]'" in serve.stderr
    assert "Traceback" not in serve.stderr
