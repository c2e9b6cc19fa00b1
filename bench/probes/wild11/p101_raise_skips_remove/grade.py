"""Grade checkpoints on a numeric task; unparsable answers score zero."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def score(llm: LLM, ckpt: str) -> float:
    req = LoRARequest("cand", 1, ckpt)
    out = llm.generate(["What is 6*7? Answer with a number."], SamplingParams(max_tokens=8), lora_request=req)
    value = float(out[0].outputs[0].text.strip())
    llm.llm_engine.remove_lora(1)
    return float(value == 42.0)


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        try:
            print(ckpt, score(llm, ckpt))
        except ValueError:
            print(ckpt, 0.0)
