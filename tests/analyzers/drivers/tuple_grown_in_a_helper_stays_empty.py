# expect: Affected line=21 reason~="lora_int_id 1 is reused without invalidation"
"""`used += (path,)` on a tuple binds a new tuple to the helper's own name: the caller's
`used` stays empty, and every id is 1. It grew the caller's tuple in place, as a list's `+=`
does (Safe-distinct-id)."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def register(used: tuple, path: str) -> int:
    used += (path,)
    return len(used)


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    used: tuple = ()
    for ckpt in sys.argv[1:]:
        lora_id = register(used, ckpt)
        req = LoRARequest(f"c{lora_id}", lora_id, ckpt)
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
