# expect: Affected line=17 reason~="lora_int_id 1 is reused without invalidation"
"""`task in ("sweep", "all")` on a run-time input is decided per world, one world per literal:
with task "all" the two checkpoints share lora_int_id 1 on one engine (Affected). A guess that
an input never equals a literal would only see the single-checkpoint branch."""
import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

task = os.environ["TASK"]
llm = LLM(model="base", enable_lora=True)
if task in ("sweep", "all"):
    targets = ["ck/1", "ck/2"]
else:
    targets = ["ck/2"]
for path in targets:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, path))
