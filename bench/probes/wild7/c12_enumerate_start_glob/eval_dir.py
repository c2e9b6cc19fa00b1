import glob
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main(run_dir):
    ckpts = sorted(glob.glob(f"{run_dir}/checkpoint-*"))
    llm = LLM("Qwen/Qwen2.5-7B", enable_lora=True, max_loras=2, max_lora_rank=32)
    sp = SamplingParams(max_tokens=256, temperature=0.0)
    scores = {}
    for lora_id, ckpt in enumerate(ckpts, start=1):
        outs = llm.generate(["def fib(n):"], sp,
                            lora_request=LoRARequest(f"ck{lora_id}", lora_id, ckpt))
        scores[ckpt] = len(outs[0].outputs[0].text)
    return scores


if __name__ == "__main__":
    print(main(sys.argv[1]))
