from pathlib import Path

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SUBMISSIONS = ["/subs/team_a/final", "/subs/team_b/final", "/subs/team_c/best"]
_ids: dict[str, int] = {}


def lora_id(path: str) -> int:
    key = Path(path).name
    if key not in _ids:
        _ids[key] = len(_ids) + 1
    return _ids[key]


if __name__ == "__main__":
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True, max_loras=4)
    sp = SamplingParams(max_tokens=64, temperature=0)
    for sub in SUBMISSIONS:
        req = LoRARequest(sub, lora_id(sub), sub)
        print(sub, llm.generate(["Q1"], sp, lora_request=req)[0].outputs[0].text)
