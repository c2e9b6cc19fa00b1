# expect: Affected line=28 reason~="1 of 3 requests are stale; the request for `max(found, key=os.path.getmtime)` at watcher_serves_newest_checkpoint_when_it_changes.py:25 is served another value of it"
"""An evaluation daemon polls the training run's folder and evaluates the newest checkpoint
whenever it changes, always as lora_int_id 1. The test `ckpt != last` is what makes each
evaluation another folder: from the second one on, vLLM serves the first checkpoint's weights."""

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
        if ckpt is not None and ckpt != last:
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
