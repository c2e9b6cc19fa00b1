"""Recursive sweep over a list of checkpoints."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def sweep(llm: LLM, ckpts: list[str], lora_id: int = 1) -> None:
    if not ckpts:
        return
    head, *rest = ckpts
    req = LoRARequest(f"c{lora_id}", lora_id, head)
    print(head, llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req))
    sweep(llm, rest, lora_id)


if __name__ == "__main__":
    sweep(LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True), sys.argv[1:])
