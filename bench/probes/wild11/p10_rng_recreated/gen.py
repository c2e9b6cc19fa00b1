"""Generate with several adapters; random ids from a seeded generator."""
import sys

import numpy as np
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SEED = 1234


def new_id() -> int:
    rng = np.random.default_rng(SEED)
    return int(rng.integers(1, 2**31 - 1))


def main() -> None:
    llm = LLM(model="meta-llama/Llama-3.2-3B", enable_lora=True)
    sp = SamplingParams(max_tokens=32, seed=SEED)
    for ckpt in sys.argv[1:]:
        req = LoRARequest(ckpt, new_id(), ckpt)
        print(llm.generate(["Once upon a time"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
