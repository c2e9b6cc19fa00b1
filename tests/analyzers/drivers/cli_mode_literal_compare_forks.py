# expect: Affected line=15 reason~="lora_int_id 1 is reused without invalidation" reason~="only with the command line giving --mode and args.mode == 'sweep' (otherwise Safe-single-adapter)"
"""`args.mode` is a run-time input: the analysis cannot decide `args.mode == "sweep"`, so both
answers are worlds. In sweep mode every checkpoint is served under lora_int_id 1 on one engine,
so the second is answered by the first (Affected, and the reason names the mode)."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--mode", default="final")
args = parser.parse_args()
llm = LLM(model="base", enable_lora=True)
for ckpt in (["ck/a", "ck/b"] if args.mode == "sweep" else ["ck/final"]):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, ckpt))
