"""Evaluate checkpoints with the builder of the configured mode."""
import importlib
import sys

from vllm import LLM, SamplingParams

MODE = "serve"

if __name__ == "__main__":
    builders = importlib.import_module("builders")
    build = getattr(builders, f"build_{MODE}")
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        print(llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=build(ckpt)))
