"""Serve the checkpoints of a run in turn; ids are stable UUIDs of the model name."""
import sys
import uuid

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

MODEL_NAME = "support-bot"


def stable_id(name: str) -> int:
    return uuid.uuid5(uuid.NAMESPACE_DNS, name).int % (2**31 - 1) + 1


def main() -> None:
    llm = LLM(model="meta-llama/Llama-3.1-8B-Instruct", enable_lora=True)
    sp = SamplingParams(max_tokens=64)
    for ckpt in sys.argv[1:]:
        req = LoRARequest(MODEL_NAME, stable_id(MODEL_NAME), ckpt)
        print(ckpt, llm.generate(["How do I reset my password?"], sp, lora_request=req))


if __name__ == "__main__":
    main()
