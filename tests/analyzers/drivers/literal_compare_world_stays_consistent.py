# expect: Safe-single-adapter line=14 reason~="one adapter per engine lifetime"
"""Each world answers `args.mode == "eval"` once: where it holds, `args.mode != "eval"` is
false. So a run serves either the eval adapter or the train adapter under id 1, never both,
and each engine lifetime sees one (id, path): Safe-single-adapter. A world that answered the two
tests independently would serve both under id 1 and report a stale serve that cannot happen."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

mode, eval_adapter, train_adapter = sys.argv[1], sys.argv[2], sys.argv[3]
llm = LLM(model="base", enable_lora=True)
if mode == "eval":
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("eval", 1, eval_adapter))
if mode != "eval":
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("train", 1, train_adapter))
