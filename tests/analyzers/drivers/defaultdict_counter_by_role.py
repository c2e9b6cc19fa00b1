# expect: Affected line=23 reason~="lora_int_id 1 is reused without invalidation" reason~="the request for '/ac/actor/iter1'"
"""Ids come from `defaultdict(itertools.count(1).__next__)` keyed by role: the actor keeps
id 1 across iterations while its adapter is exported anew each time, so iteration 1 is
served iteration 0's actor."""
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
