"""Rollout worker: serve the latest policy checkpoint under its model name."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

POLICY = "policy"


def policy_request(path: str) -> LoRARequest:
    return LoRARequest(POLICY, abs(hash(POLICY)) % (2**31 - 1) + 1, path)


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-1.5B", enable_lora=True)
    sp = SamplingParams(max_tokens=128)
    for ckpt in sys.argv[1:]:
        print(llm.generate(["Solve 3x=9"], sp, lora_request=policy_request(ckpt)))


if __name__ == "__main__":
    main()
