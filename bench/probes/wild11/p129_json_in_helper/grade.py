"""Grade checkpoints on a JSON task; unparsable answers score zero."""
import json
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def score(llm: LLM, ckpt: str) -> float:
    req = LoRARequest("cand", 1, ckpt)
    out = llm.generate(['Reply with {"answer": 42} as JSON.'], SamplingParams(max_tokens=16), lora_request=req)
    answer = json.loads(out[0].outputs[0].text)["answer"]
    llm.llm_engine.remove_lora(1)
    return float(answer == 42)


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    scores = {}
    for ckpt in sys.argv[1:]:
        try:
            scores[ckpt] = score(llm, ckpt)
        except (ValueError, KeyError):
            scores[ckpt] = 0.0
    print(scores)
