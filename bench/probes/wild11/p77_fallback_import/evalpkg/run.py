"""Evaluate checkpoints passed on the command line."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from evalpkg.ids import next_id


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        lora_id = next_id()
        req = LoRARequest(f"c{lora_id}", lora_id, ckpt)
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))


if __name__ == "__main__":
    main()
