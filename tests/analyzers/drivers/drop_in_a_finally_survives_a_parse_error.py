# expect: Safe-by-eviction line=13 reason~="evicted before every repeat"
"""The guard of `parse_error_in_a_helper_skips_its_remove.py`: the helper drops id 1 in a
`finally`, which runs whether the parse raises or not."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def score(llm: LLM, ckpt: str) -> float:
    req = LoRARequest("cand", 1, ckpt)
    try:
        out = llm.generate(["What is 6*7?"], SamplingParams(max_tokens=8), lora_request=req)
        value = float(out[0].outputs[0].text.strip())
    finally:
        llm.llm_engine.remove_lora(1)
    return float(value == 42.0)


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        try:
            print(ckpt, score(llm, ckpt))
        except ValueError:
            print(ckpt, 0.0)
