"""Evaluate checkpoints, unloading each adapter after use."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main() -> None:
    llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True)
    sp = SamplingParams(max_tokens=16)
    for ckpt in sys.argv[1:]:
        req = LoRARequest("candidate", 1, ckpt)
        print(ckpt, llm.generate(["2+2="], sp, lora_request=req)[0].outputs[0].text)
        llm.llm_engine.remove_lora(req.lora_name)


if __name__ == "__main__":
    main()
