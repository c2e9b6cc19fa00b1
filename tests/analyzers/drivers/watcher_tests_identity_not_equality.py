# expect: Indeterminate line=24 reason~="holds other weights than the ones loaded first"
"""`ckpt is not last` holds for two equal strings that are different objects (each poll
builds its own), so it does not make the folders differ: only `!=` does."""

import glob
import os
import time

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def newest_checkpoint(folder):
    found = glob.glob(os.path.join(folder, "checkpoint-*"))
    return max(found, key=os.path.getmtime) if found else None


def main():
    llm = LLM(model="base", enable_lora=True)
    last = None
    while True:
        ckpt = newest_checkpoint("outputs")
        if ckpt is not None and ckpt is not last:
            outputs = llm.generate(
                ["Evaluate this checkpoint."],
                SamplingParams(max_tokens=16),
                lora_request=LoRARequest("policy", 1, ckpt),
            )
            print(ckpt, outputs)
            last = ckpt
        time.sleep(60)


if __name__ == "__main__":
    main()
