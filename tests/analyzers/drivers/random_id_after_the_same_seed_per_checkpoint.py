# expect: Affected line=15 reason~="lora_int_id random.randint(...) after seed(42) is reused"
"""An eval that reseeds for reproducibility (`transformers.set_seed`) before drawing each
checkpoint's "random" id: every checkpoint draws the same number, so the second is served the
first one's weights. Counting each draw as a fresh random number called it Safe-probabilistic."""
import random

from transformers import set_seed
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def evaluate(llm, path, seed=42):
    set_seed(seed)
    lora_id = random.randint(1, 2**31 - 1)
    req = LoRARequest(f"eval-{path}", lora_id, path)
    return llm.generate(["x"], SamplingParams(seed=seed), lora_request=req)


def main():
    llm = LLM("base", enable_lora=True, max_loras=4)
    for path in ["ckpt/step-100", "ckpt/step-200"]:
        evaluate(llm, path)


if __name__ == "__main__":
    main()
