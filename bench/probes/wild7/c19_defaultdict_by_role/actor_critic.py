import itertools
from collections import defaultdict

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ROLE_IDS = defaultdict(itertools.count(1).__next__)


def export(role, iteration):
    return f"/ac/{role}/iter{iteration}"


def main():
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=32)
    for iteration in range(4):
        for role in ("actor", "critic"):
            req = LoRARequest(role, ROLE_IDS[role], export(role, iteration))
            llm.generate(["state: s0"], sp, lora_request=req)


if __name__ == "__main__":
    main()
