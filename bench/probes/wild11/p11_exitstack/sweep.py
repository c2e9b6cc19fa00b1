"""Evaluate checkpoints; adapters are dropped through an ExitStack when done."""
import contextlib
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main() -> None:
    llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True)
    sp = SamplingParams(max_tokens=16)
    with contextlib.ExitStack() as stack:
        for ckpt in sys.argv[1:]:
            req = LoRARequest("candidate", 1, ckpt)
            stack.callback(llm.llm_engine.remove_lora, req.lora_int_id)
            print(ckpt, llm.generate(["2+2="], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
