import sys

import yaml
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main(cfg_path):
    with open(cfg_path) as f:
        cfg = yaml.safe_load(f)
    ckpts = cfg["checkpoints"]
    llm = LLM(cfg["base_model"], enable_lora=True, max_loras=cfg.get("max_loras", 1))
    sp = SamplingParams(max_tokens=cfg.get("max_tokens", 64))
    for lora_id, path in zip(range(1, len(ckpts) + 1), ckpts):
        out = llm.generate(cfg["prompts"], sp,
                           lora_request=LoRARequest(f"c{lora_id}", lora_id, path))
        print(path, out[0].outputs[0].text)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "eval.yaml")
