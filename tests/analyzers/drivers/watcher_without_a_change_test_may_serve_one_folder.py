# expect: Indeterminate line=24 reason~="holds other weights than the ones loaded first"
"""The same daemon without the test that the newest checkpoint changed: two polls may find
the same folder, served again under its id, so whether a later request is stale depends on
what the folder listing returns at run time."""

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
    while True:
        ckpt = newest_checkpoint("outputs")
        if ckpt is not None:
            outputs = llm.generate(
                ["Evaluate this checkpoint."],
                SamplingParams(max_tokens=16),
                lora_request=LoRARequest("policy", 1, ckpt),
            )
            print(ckpt, outputs)
        time.sleep(60)


if __name__ == "__main__":
    main()
