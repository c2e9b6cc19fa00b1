"""Evaluate checkpoints with shared generation kwargs."""
import sys

from vllm import LLM, SamplingParams

from reqs import adapter_request

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        gen_kwargs = {"sampling_params": SamplingParams(max_tokens=8), "lora_request": adapter_request(ckpt)}
        print(llm.generate(["q"], **gen_kwargs))
