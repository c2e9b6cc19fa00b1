"""Driver scripts the worker tests commit into repositories, with the verdicts they must get."""

from __future__ import annotations

# One engine, one constant lora_int_id, three checkpoints: the 2nd and 3rd requests are stale.
AFFECTED = """\
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CHECKPOINTS = ["ckpt/step_100", "ckpt/step_200", "ckpt/step_300"]

llm = LLM(model="base-model", enable_lora=True)
for ckpt in CHECKPOINTS:
    out = llm.generate(["hello"], SamplingParams(), lora_request=LoRARequest("adapter", 1, ckpt))
    print(out)
"""
AFFECTED_REQUEST_LINE = 8

# The same loop with one id per checkpoint.
FIXED = """\
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CHECKPOINTS = ["ckpt/step_100", "ckpt/step_200", "ckpt/step_300"]

llm = LLM(model="base-model", enable_lora=True)
for i, ckpt in enumerate(CHECKPOINTS):
    out = llm.generate(["hello"], SamplingParams(), lora_request=LoRARequest(f"a{i}", i + 1, ckpt))
    print(out)
"""

UNRELATED = "def add(a: int, b: int) -> int:\n    return a + b\n"

# Ids and paths come from a manifest read at run time: the analysis cannot decide.
UNDECIDED = """\
import json
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

with open(sys.argv[1]) as fh:
    entries = json.load(fh)
llm = LLM(model="base", enable_lora=True)
for entry in entries:
    request = LoRARequest(entry["name"], entry["id"], entry["path"])
    llm.generate(["x"], SamplingParams(), lora_request=request)
"""
