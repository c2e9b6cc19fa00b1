# expect: Affected line=15 reason~="lora_int_id os.getpid() is reused without invalidation"
"""The id is the process id, meant to keep workers apart: within the one process every
checkpoint gets the same id. `os.getpid()` was a fresh unknown per call (Indeterminate)."""
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
