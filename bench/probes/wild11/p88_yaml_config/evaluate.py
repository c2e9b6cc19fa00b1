"""Evaluate the adapters listed in the experiment config."""
import sys

import yaml
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

if __name__ == "__main__":
    cfg = yaml.safe_load(open(sys.argv[1]))
    llm = LLM(model=cfg["base"], enable_lora=True, max_loras=cfg.get("max_loras", 1))
    for ad in cfg["adapters"]:
        req = LoRARequest(ad["name"], ad["id"], ad["path"])
        print(ad["name"], llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
