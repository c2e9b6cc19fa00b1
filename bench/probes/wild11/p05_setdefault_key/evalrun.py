"""Evaluate adapters saved as <out>/step_<n>/adapter; ids kept per adapter name."""
import itertools
import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

OUT = "/data/runs/dpo-7b"
_counter = itertools.count(1)
_ids: dict[str, int] = {}


def request_for(ckpt: str) -> LoRARequest:
    key = os.path.basename(ckpt)
    lora_id = _ids.setdefault(key, next(_counter))
    return LoRARequest(f"{key}-{lora_id}", lora_id, ckpt)


def main() -> None:
    llm = LLM(model="mistralai/Mistral-7B-v0.1", enable_lora=True)
    sp = SamplingParams(temperature=0.0, max_tokens=32)
    for step in (500, 1000, 1500, 2000):
        ckpt = os.path.join(OUT, f"step_{step}", "adapter")
        out = llm.generate(["The capital of France is"], sp, lora_request=request_for(ckpt))
        print(step, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
