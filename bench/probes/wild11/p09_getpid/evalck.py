"""Evaluate checkpoints; a per-process id keeps adapters apart across workers."""
import glob
import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    sp = SamplingParams(max_tokens=8)
    for ckpt in sorted(glob.glob("/runs/exp3/checkpoint-*")):
        req = LoRARequest(os.path.basename(ckpt), os.getpid(), ckpt)
        print(ckpt, llm.generate(["1+1="], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
