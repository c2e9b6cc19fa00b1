"""Drivers spread over files: helpers imported from the repository, and dispatchers of scripts."""

from __future__ import annotations

from collections.abc import Callable

from analyzers.model import DriverRow, Report, Verdict

AuditFiles = Callable[..., Report]

HELPER = """\
from vllm.lora.request import LoRARequest


def make_request(checkpoint: str) -> LoRARequest:
    return LoRARequest("eval", 1, checkpoint)
"""

CALLER = """\
import argparse

from vllm import LLM, SamplingParams

from utils.lora import make_request

parser = argparse.ArgumentParser()
parser.add_argument("--checkpoints", nargs="+")
args = parser.parse_args()
llm = LLM(model="base", enable_lora=True)
for checkpoint in args.checkpoints:
    llm.generate(["q"], SamplingParams(), lora_request=make_request(checkpoint))
"""

ONE_CHECKPOINT = """\
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--ckpt", required=True)
args = parser.parse_args()
llm = LLM(model="base", enable_lora=True)
llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("ckpt", 1, args.ckpt))
"""

MANY_CHECKPOINTS = """\
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for ckpt in sys.argv[1:]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("ckpt", 1, ckpt))
"""


def _verdicts(report: Report) -> dict[str, Verdict]:
    return {row.path: row.verdict for row in report.drivers}


def _row(report: Report, path: str) -> DriverRow:
    return next(row for row in report.drivers if row.path == path)


def test_helper_module_is_followed_and_judged_by_its_caller(audit_files: AuditFiles) -> None:
    report = audit_files({"utils/lora.py": HELPER, "scripts/eval.py": CALLER})
    assert _verdicts(report) == {
        "scripts/eval.py": Verdict.AFFECTED,
        "utils/lora.py": Verdict.AFFECTED,
    }
    helper = _row(report, "utils/lora.py")
    assert "scripts/eval.py" in helper.reason
    assert [site.line for site in helper.sites] == [5]
    caller = _row(report, "scripts/eval.py")
    assert caller.stale >= 1


ENGINE_WRAPPER = """\
from vllm import LLM, SamplingParams


class Engine:
    def __init__(self, model):
        self.llm = LLM(model=model, enable_lora=True, max_loras=1)

    def run(self, prompts, request=None):
        return self.llm.generate(prompts, SamplingParams(), lora_request=request)
"""

SCRIPT = """\
import argparse

from pkg.engine import Engine
from pkg.lora import make_request


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--checkpoints", nargs="+", required=True)
    args = parser.parse_args()
    engine = Engine("base")
    for checkpoint in args.checkpoints:
        engine.run(["q"], make_request(checkpoint))


if __name__ == "__main__":
    main()
"""


def test_a_script_with_no_site_of_its_own_is_the_driver_of_the_helpers_it_runs(
    audit_files: AuditFiles,
) -> None:
    """The loop is in a script that only calls a request factory and an engine wrapper: it
    has no request site, yet it is where the stale repeat happens. Found through its imports,
    it gets the row, and both helpers (the one that builds, the one that serves) take it."""
    files = {"pkg/__init__.py": "", "pkg/lora.py": HELPER, "pkg/engine.py": ENGINE_WRAPPER}
    report = audit_files({**files, "eval_all.py": SCRIPT})
    assert _verdicts(report) == {
        "eval_all.py": Verdict.AFFECTED,
        "pkg/engine.py": Verdict.AFFECTED,
        "pkg/lora.py": Verdict.AFFECTED,
    }
    wrapper = _row(report, "pkg/engine.py")
    assert "eval_all.py" in wrapper.reason
    # The script's row points at its own line that led there: `engine.run(...)` in the loop.
    script = _row(report, "eval_all.py")
    assert script.line == 13, script.line


def test_a_script_that_runs_no_helper_gets_no_row(audit_files: AuditFiles) -> None:
    files = {"pkg/__init__.py": "", "pkg/lora.py": HELPER, "pkg/engine.py": ENGINE_WRAPPER}
    report = audit_files({**files, "other.py": 'if __name__ == "__main__":\n    print(1)\n'})
    assert "other.py" not in _verdicts(report)
    assert _verdicts(report)["pkg/engine.py"] is Verdict.INDETERMINATE  # judged alone


def test_relative_import_inside_a_package(audit_files: AuditFiles) -> None:
    caller = CALLER.replace("from utils.lora import make_request", "from .lora import make_request")
    report = audit_files({"pkg/__init__.py": "", "pkg/lora.py": HELPER, "pkg/run.py": caller})
    assert _verdicts(report)["pkg/run.py"] is Verdict.AFFECTED


def test_a_helper_without_callers_is_judged_alone(audit_files: AuditFiles) -> None:
    """With no caller in the repository the helper is judged as callers outside it would use
    it (library mode). Its requests are handed back to be served, so `No-realized-run` (which
    this test once expected) would be false; every checkpoint gets lora_int_id 1, so a caller
    serving two of them on one engine is served the first: that depends on unseen callers."""
    report = audit_files({"utils/lora.py": HELPER})
    row = report.drivers[0]
    assert row.verdict is Verdict.INDETERMINATE, row.reason
    assert "returned by make_request()" in row.reason
    assert "library mode" in row.reason


def test_dispatcher_with_a_process_per_cell_is_safe_fresh_process(audit_files: AuditFiles) -> None:
    dispatcher = """\
import subprocess
import sys

CHECKPOINTS = ["ckpt/a", "ckpt/b", "ckpt/c"]
for ckpt in CHECKPOINTS:
    subprocess.run([sys.executable, "scripts/eval_one.py", "--ckpt", ckpt], check=True)
"""
    report = audit_files({"scripts/eval_one.py": ONE_CHECKPOINT, "run_all.py": dispatcher})
    assert _verdicts(report) == {
        "run_all.py": Verdict.SAFE_FRESH_PROCESS,
        "scripts/eval_one.py": Verdict.SAFE_SINGLE_ADAPTER,
    }
    row = _row(report, "run_all.py")
    assert row.line == 6
    assert "scripts/eval_one.py" in row.reason


def test_dispatcher_with_one_child_for_all_cells_gets_the_child_verdict(
    audit_files: AuditFiles,
) -> None:
    dispatcher = """\
import subprocess
import sys

checkpoints = ["ckpt/a", "ckpt/b", "ckpt/c"]
subprocess.run([sys.executable, "eval_many.py", *checkpoints], check=True)
"""
    report = audit_files({"eval_many.py": MANY_CHECKPOINTS, "launch.py": dispatcher})
    assert _verdicts(report) == {"eval_many.py": Verdict.AFFECTED, "launch.py": Verdict.AFFECTED}
    row = _row(report, "launch.py")
    assert "once for all cells" in row.reason


def test_dispatch_by_module_name_and_by_shell_command(audit_files: AuditFiles) -> None:
    by_module = """\
import subprocess

for ckpt in ["a", "b"]:
    subprocess.check_call(["python", "-m", "evals.one", "--ckpt", ckpt])
"""
    by_shell = """\
import os

for ckpt in ["a", "b"]:
    os.system(f"python evals/one.py --ckpt {ckpt}")
"""
    report = audit_files(
        {
            "evals/__init__.py": "",
            "evals/one.py": ONE_CHECKPOINT,
            "a.py": by_module,
            "b.py": by_shell,
        }
    )
    verdicts = _verdicts(report)
    assert verdicts["a.py"] is Verdict.SAFE_FRESH_PROCESS
    assert verdicts["b.py"] is Verdict.SAFE_FRESH_PROCESS


def test_files_that_neither_build_nor_dispatch_get_no_row(audit_files: AuditFiles) -> None:
    report = audit_files(
        {
            "notes.py": "# mentions LoRARequest and enable_lora in a comment only\nx = 1\n",
            "config.py": "ENGINE = dict(enable_lora=True, max_loras=4)\n",
            "other.py": "import subprocess\nsubprocess.run(['ls'])\n",
        }
    )
    assert report.drivers == []


SETTINGS = """\
import os

MODES = {"fast": 1, "full": 2}


def mode():
    text = os.environ.get("SWEEP_MODE")
    if text in MODES:
        return 1
    else:
        raise ValueError(f"unknown mode {text}")


LEVEL = mode()
"""

SWEEP = """\
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from conf.settings import LEVEL

llm = LLM(model="base", enable_lora=True)
for ckpt in ["out/a", "out/b"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("s", LEVEL, ckpt))
"""


def test_an_import_time_guess_never_takes_the_raising_branch(audit_files: AuditFiles) -> None:
    """The imported module's `if ...: return ... else: raise` is guessed at import time (no
    second world); guessing the `raise` would end the run there and report nothing, though any
    valid setting serves both checkpoints under one id on one engine (Affected)."""
    report = audit_files({"conf/__init__.py": "", "conf/settings.py": SETTINGS, "sweep.py": SWEEP})
    assert _verdicts(report)["sweep.py"] is Verdict.AFFECTED
    row = _row(report, "sweep.py")
    assert "is reused without invalidation" in row.reason


PATCHING_HELPER = (
    HELPER
    + '''

def patch_cache() -> None:
    """Installed by the deployment's worker processes: every add reloads."""
    from vllm.lora.worker_manager import LRUCacheWorkerLoRAManager

    def add_adapter(self, lora_request, force_load=True):
        return self._load_adapter(lora_request)

    LRUCacheWorkerLoRAManager.add_adapter = add_adapter
'''
)


def test_a_helper_that_patches_the_cache_is_not_called_affected_by_its_caller(
    audit_files: AuditFiles,
) -> None:
    # The caller never installs the patch, so with vLLM's own cache it is Affected; the helper
    # replaces that cache code for whoever imports it (a worker), so its row cannot be sure.
    report = audit_files({"utils/lora.py": PATCHING_HELPER, "scripts/eval.py": CALLER})
    assert _verdicts(report) == {
        "scripts/eval.py": Verdict.AFFECTED,
        "utils/lora.py": Verdict.INDETERMINATE,
    }
    helper = _row(report, "utils/lora.py")
    assert "LRUCacheWorkerLoRAManager.add_adapter replaced at utils/lora.py:" in helper.reason
    assert "scripts/eval.py, which is Affected with vLLM's own adapter cache" in helper.reason


SERVING_BASE = """\
from vllm import LLM


class Server:
    def __init__(self):
        self.llm = LLM(model="base", enable_lora=True)

    def serve(self, request):
        return self.llm.generate(["q"], lora_request=request)
"""

SUBCLASS = """\
from vllm.lora.request import LoRARequest

from serving import Server


class PolicyServer(Server):
    def serve(self, request):
        print("serving", request.lora_path)
        return super().serve(request)

    def evaluate(self, step):
        return self.serve(LoRARequest("policy", 1, f"/ckpt/{step}"))
"""


def test_super_calls_the_method_of_the_next_class(audit_files: AuditFiles) -> None:
    # `super().serve(...)` is Server.serve on the same instance: every step is served under id
    # 1 by one engine, so the second step gets the first step's weights.
    report = audit_files({"serving.py": SERVING_BASE, "policy.py": SUBCLASS})
    row = _row(report, "policy.py")
    assert row.verdict is Verdict.AFFECTED, row.reason
    assert "is reused without invalidation" in row.reason


SYNCER = """\
from vllm.lora.request import LoRARequest


class Syncer:
    def __init__(self, llm):
        self.llm = llm
        self.current = None

    def push(self, weights):
        if self.current is not None:
            self.llm.llm_engine.remove_lora(7)
        self.current = LoRARequest("policy", 7, "in-memory", lora_tensors=weights)
        return self.current
"""

WORKER = """\
from vllm import LLM, SamplingParams

from pkg.syncer import Syncer


class Worker:
    def __init__(self, base):
        self.llm = LLM(model=base, enable_lora=True)
        self.syncer = Syncer(self.llm)
        self.request = None

    def update(self, weights):
        self.request = self.syncer.push(weights)

    def generate(self, prompts):
        return self.llm.generate(prompts, SamplingParams(), lora_request=self.request)
{extra}"""

# A second way to serve the syncer's requests that the training loop never takes.
UNUSED_SERVE = """
    def replay(self, prompts, weights):
        self.llm.generate(prompts, SamplingParams(), lora_request=self.syncer.push(weights))
        return self.llm.generate(prompts, SamplingParams(), lora_request=self.request)
"""

TRAINER = """\
from pkg.worker import Worker


def main():
    worker = Worker("base")
    for step in range(100):
        worker.update({"step": step})
        worker.generate(["hi"])


if __name__ == "__main__":
    main()
"""


def test_a_helper_served_through_a_driven_helper_takes_the_drivers_verdict(
    audit_files: AuditFiles,
) -> None:
    """The syncer's requests are served by the worker, which the training loop drives: the
    worker's own run (as unseen callers would use it, `generate()` before any `update()`) no
    more decides the syncer's row than the worker's own."""
    report = audit_files(
        {
            "pkg/__init__.py": "",
            "pkg/syncer.py": SYNCER,
            "pkg/worker.py": WORKER.format(extra=""),
            "train.py": TRAINER,
        }
    )
    verdicts = _verdicts(report)
    assert verdicts["train.py"] is Verdict.SAFE_BY_EVICTION
    assert verdicts["pkg/worker.py"] is Verdict.SAFE_BY_EVICTION
    assert verdicts["pkg/syncer.py"] is Verdict.SAFE_BY_EVICTION
    syncer = _row(report, "pkg/syncer.py")
    assert "served by train.py;" in syncer.reason


def test_a_helper_served_where_the_driver_never_goes_keeps_that_verdict(
    audit_files: AuditFiles,
) -> None:
    """The worker also serves the syncer's requests in `replay()`, which the training loop never
    calls: the worker's own run of it still counts for the syncer."""
    report = audit_files(
        {
            "pkg/__init__.py": "",
            "pkg/syncer.py": SYNCER,
            "pkg/worker.py": WORKER.format(extra=UNUSED_SERVE),
            "train.py": TRAINER,
        }
    )
    syncer = _row(report, "pkg/syncer.py")
    assert "pkg/worker.py" in syncer.reason.split(";")[0]


EVAL_WITH_ITS_OWN_MAIN = """\
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def run(llm, name, path):
    return llm.generate(["hi"], SamplingParams(), lora_request=LoRARequest(name, 1, path))


def main():
    llm = LLM(model="m", enable_lora=True)
    for ckpt in ["/ck/a", "/ck/b", "/ck/c"]:
        run(llm, "ck", ckpt)


if __name__ == "__main__":
    main()
"""

ONE_CALL_OF_ITS_HELPER = """\
from vllm import LLM

from evalck import run

run(LLM(model="m", enable_lora=True), "a", "/x")
"""

SIDECAR_WITH_ITS_OWN_MAIN = """\
import requests

URL = "http://localhost:8000"


class Reconciler:
    def load(self, name, path):
        requests.post(URL + "/v1/load_lora_adapter", json={"lora_name": name, "lora_path": path})


def main():
    rec = Reconciler()
    for step in range(3):
        rec.load("policy", f"/ckpt/step{step}")


if __name__ == "__main__":
    main()
"""

ONE_LOAD_THROUGH_THE_SIDECAR = """\
from sidecar import Reconciler

Reconciler().load("a", "/x")
ROUTE = "http://localhost:8000/v1/load_lora_adapter"  # a route of its own: a driver too
"""


def test_a_caller_of_its_helper_never_replaces_a_files_own_worse_run(
    audit_files: AuditFiles,
) -> None:
    """`python evalck.py` serves three checkpoints under id 1; another file calling its helper
    once is safe, and that safe row took the place of the file's own (a false Safe)."""
    report = audit_files({"evalck.py": EVAL_WITH_ITS_OWN_MAIN, "use.py": ONE_CALL_OF_ITS_HELPER})
    assert _verdicts(report) == {
        "evalck.py": Verdict.AFFECTED,
        "use.py": Verdict.SAFE_SINGLE_ADAPTER,
    }
    own = _row(report, "evalck.py")
    assert "is served '/ck/a'" in own.reason
    assert "also served by use.py (Safe-single-adapter there)" in own.reason


def test_a_server_client_keeps_its_own_run_beside_a_callers(audit_files: AuditFiles) -> None:
    report = audit_files(
        {"sidecar.py": SIDECAR_WITH_ITS_OWN_MAIN, "use.py": ONE_LOAD_THROUGH_THE_SIDECAR}
    )
    verdicts = _verdicts(report)
    assert verdicts["sidecar.py"] is Verdict.AFFECTED
    own = _row(report, "sidecar.py")
    assert "refuses to load adapter 'policy' again" in own.reason


A_TEST_THAT_PATCHES_THE_POST = """\
from unittest.mock import patch

from sidecar import Reconciler


@patch("sidecar.requests.post")
def test_load(mock_post):
    Reconciler().load("a", "/x")
    assert mock_post.call_args[0][0] == "http://localhost:8000/v1/load_lora_adapter"
"""


def test_a_test_that_patches_the_package_a_module_imports_serves_nothing(
    audit_files: AuditFiles,
) -> None:
    """`patch("sidecar.requests.post")` replaces the `post` of the `requests` package that
    sidecar imports: the test's load reaches no server."""
    report = audit_files(
        {"sidecar.py": SIDECAR_WITH_ITS_OWN_MAIN, "test_sidecar.py": A_TEST_THAT_PATCHES_THE_POST}
    )
    assert _verdicts(report) == {
        "sidecar.py": Verdict.AFFECTED,
        "test_sidecar.py": Verdict.NO_REALIZED_RUN,
    }
    test = _row(report, "test_sidecar.py")
    assert "the adapter loads posted at sidecar.py:8 go to a mock" in test.reason


HELPER_WITH_AN_ENGINE_PARAMETER = """\
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def build_engine():
    return LLM(model="base", enable_lora=True)


def evaluate(llm, adapter_path):
    return llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("eval", 1, adapter_path))
"""

ONE_EVALUATION = """\
import sys

from lora_eval import build_engine, evaluate

if __name__ == "__main__":
    print(evaluate(build_engine(), sys.argv[1]))
"""

A_CALLBACK_NOTHING_HERE_CALLS = """\
from transformers import TrainerCallback

from lora_eval import build_engine, evaluate


class VLLMEvalCallback(TrainerCallback):
    def __init__(self):
        self.llm = build_engine()

    def on_save(self, args, state, control, **kwargs):
        print(evaluate(self.llm, f"{args.output_dir}/checkpoint-{state.global_step}"))
"""


def test_a_helper_keeps_its_own_row_while_a_caller_the_analysis_never_runs_calls_it(
    audit_files: AuditFiles,
) -> None:
    """`on_save()` evaluates every checkpoint on one engine under id 1; only `one.py` is a
    caller the analysis runs, and its one evaluation made the helper's row safe."""
    report = audit_files(
        {
            "lora_eval.py": HELPER_WITH_AN_ENGINE_PARAMETER,
            "one.py": ONE_EVALUATION,
            "callbacks.py": A_CALLBACK_NOTHING_HERE_CALLS,
        }
    )
    helper = _row(report, "lora_eval.py")
    assert helper.verdict is Verdict.INDETERMINATE
    assert "on an engine its caller passes in" in helper.reason
    assert "callbacks.py also calls it from code no analysed run reaches" in helper.reason
    assert "its requests are served by one.py (Safe-single-adapter there)" in helper.reason


SERVER_CLIENT_CHILD = """\
import argparse

import requests

SERVER = "http://localhost:8000"

parser = argparse.ArgumentParser()
parser.add_argument("--adapter", required=True)
args = parser.parse_args()
body = {"lora_name": "eval", "lora_path": args.adapter}
requests.post(f"{SERVER}/v1/load_lora_adapter", json=body)
print(requests.post(f"{SERVER}/v1/completions", json={"model": "eval", "prompt": "q"}).json())
"""

A_PROCESS_PER_CHECKPOINT = """\
import subprocess
import sys

for ckpt in ["ckpts/step100", "ckpts/step200", "ckpts/step300"]:
    subprocess.run([sys.executable, "eval_one.py", "--adapter", ckpt], check=True)
"""


def test_a_fresh_client_process_per_cell_does_not_empty_the_server_it_loads_into(
    audit_files: AuditFiles,
) -> None:
    report = audit_files({"eval_one.py": SERVER_CLIENT_CHILD, "sweep.py": A_PROCESS_PER_CHECKPOINT})
    sweep = _row(report, "sweep.py")
    assert sweep.verdict is Verdict.INDETERMINATE, sweep.reason
    assert "loads adapters into a vLLM server (named 'eval')" in sweep.reason


ROUTE_CONSTANTS = """\
LOAD_ROUTE = "/v1/load_lora_adapter"
COMPLETIONS = "/v1/completions"
"""

LOOP_POSTING_THROUGH_THE_CONSTANTS = """\
import requests

from api import COMPLETIONS, LOAD_ROUTE

BASE = "http://localhost:8000"
for step in range(5):
    requests.post(BASE + LOAD_ROUTE, json={"lora_name": "policy", "lora_path": f"ckpt/{step}"})
    requests.post(BASE + COMPLETIONS, json={"model": "policy", "prompt": "q"})
"""


def test_a_script_that_imports_the_route_from_a_constants_module_is_analysed(
    audit_files: AuditFiles,
) -> None:
    """The route is written in `api.py`, which no run reaches; the loop that posts it lives in
    a file with no route text of its own and no `__main__`, and it got no row."""
    report = audit_files({"api.py": ROUTE_CONSTANTS, "rl.py": LOOP_POSTING_THROUGH_THE_CONSTANTS})
    verdicts = _verdicts(report)
    assert verdicts["rl.py"] is Verdict.AFFECTED
    assert verdicts["api.py"] is Verdict.INDETERMINATE


HELPER_WITH_AN_ID_PARAMETER = """\
from vllm import SamplingParams
from vllm.lora.request import LoRARequest


def evaluate(llm, path, lora_id):
    request = LoRARequest(f"a{lora_id}", lora_id, path)
    return llm.generate(["hi"], SamplingParams(), lora_request=request)
"""

A_SWEEP_WITH_DISTINCT_IDS = """\
from vllm import LLM

from lora_eval import evaluate

if __name__ == "__main__":
    llm = LLM(model="base", enable_lora=True)
    for index, ckpt in enumerate(["ck/a", "ck/b", "ck/c"]):
        evaluate(llm, ckpt, index + 1)
"""

A_NOTEBOOK_WITH_ONE_ID = """\
{"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null,
  "source": ["from vllm import LLM\\n", "from lora_eval import evaluate\\n",
             "llm = LLM(model='base', enable_lora=True)\\n",
             "for ck in ['ck/a', 'ck/b']:\\n", "    print(evaluate(llm, ck, 1))\\n"]}],
 "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
"""


def test_a_notebook_that_calls_the_helper_is_run_beside_the_sweep(
    audit_files: AuditFiles,
) -> None:
    """The notebook evaluates two checkpoints under id 1. Notebooks are run as the scripts
    their cells make, so its run speaks for the helper beside the sweep's, and the worse one
    applies (before, the notebook was only read, and the helper kept its own Indeterminate)."""
    report = audit_files(
        {
            "lora_eval.py": HELPER_WITH_AN_ID_PARAMETER,
            "sweep_good.py": A_SWEEP_WITH_DISTINCT_IDS,
            "explore.ipynb": A_NOTEBOOK_WITH_ONE_ID,
        }
    )
    helper = _row(report, "lora_eval.py")
    assert helper.verdict is Verdict.AFFECTED, helper.reason
    assert "served by explore.ipynb, sweep_good.py" in helper.reason
    assert "LLM at explore.ipynb:" in helper.reason
    assert _verdicts(report)["sweep_good.py"] is Verdict.SAFE_DISTINCT_ID
