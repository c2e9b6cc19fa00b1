# expect: Safe-by-eviction line=19 reason~="lora_int_id 1 comes back with a different adapter" reason~="evicted before every repeat (remove_lora"
"""Reuse id 1 for every checkpoint, but `remove_lora(1)` before each load: the next request finds
the id missing and reads its folder."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LORA_ID = 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("checkpoints", nargs="+")
    args = parser.parse_args()
    llm = LLM(model="base", enable_lora=True, max_loras=1, max_cpu_loras=4)
    for checkpoint in args.checkpoints:
        llm.llm_engine.remove_lora(LORA_ID)
        llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("policy", LORA_ID, checkpoint))


if __name__ == "__main__":
    main()
