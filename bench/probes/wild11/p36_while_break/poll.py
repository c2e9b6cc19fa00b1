"""Poll a training run and evaluate each new checkpoint as it appears."""
import glob
import os
import time

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

RUN = "/runs/live-sft"


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    seen: set[str] = set()
    n_eval = 0
    while True:
        for ckpt in sorted(glob.glob(f"{RUN}/checkpoint-*")):
            if ckpt in seen:
                continue
            seen.add(ckpt)
            req = LoRARequest("latest", 1 + n_eval // 1000, ckpt)
            print(ckpt, llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req))
            n_eval += 1
        if os.path.exists(f"{RUN}/DONE"):
            break
        time.sleep(60)


if __name__ == "__main__":
    main()
