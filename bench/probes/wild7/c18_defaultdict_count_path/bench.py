import itertools
from collections import defaultdict

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LORA_IDS = defaultdict(itertools.count(1).__next__)

TASKS = {
    "gsm8k": "/adapters/math-r16",
    "humaneval": "/adapters/code-r16",
    "mbpp": "/adapters/code-r16",
    "arc": "/adapters/reason-r8",
}


def main():
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True, max_loras=2, max_lora_rank=16)
    sp = SamplingParams(max_tokens=256, temperature=0)
    for task, path in TASKS.items():
        req = LoRARequest(task, LORA_IDS[path], path)
        out = llm.generate([f"[{task}] first question"], sp, lora_request=req)
        print(task, req.lora_int_id, out[0].outputs[0].text[:40])


if __name__ == "__main__":
    main()
