"""Evaluate checkpoints through the request factory."""
import sys

from vllm import LLM, SamplingParams

from reqs import make_request

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=make_request(ckpt)))
