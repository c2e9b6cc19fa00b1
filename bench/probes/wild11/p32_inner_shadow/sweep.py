"""Evaluate each checkpoint on a few sampled prompts."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

N_PROMPTS = 4


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for i, ckpt in enumerate(sys.argv[1:]):
        prompts = []
        for i in range(N_PROMPTS):
            prompts.append(f"Question {i}: what is {i}+{i}?")
        req = LoRARequest(f"ckpt{i}", i + 1, ckpt)
        outs = llm.generate(prompts, SamplingParams(max_tokens=8), lora_request=req)
        print(ckpt, [o.outputs[0].text for o in outs])


if __name__ == "__main__":
    main()
