"""Eval sweep: one request per checkpoint, ids from a module counter."""
import itertools
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_ids = itertools.count(1)


def adapter_request(path: str, lora_id: int = next(_ids)) -> LoRARequest:
    return LoRARequest(f"ckpt-{lora_id}", lora_id, path)


def main() -> None:
    llm = LLM(model="meta-llama/Llama-3.1-8B", enable_lora=True)
    sp = SamplingParams(max_tokens=64)
    for ckpt in sys.argv[1:]:
        out = llm.generate(["Q: 2+2?"], sp, lora_request=adapter_request(ckpt))
        print(ckpt, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
