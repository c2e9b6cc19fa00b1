"""Candidate adapters evaluated one after another (id per instance)."""
import itertools
import sys
from dataclasses import dataclass, field

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_ids = itertools.count(1)


@dataclass
class Candidate:
    path: str
    lora_id: int = field(default_factory=lambda: next(_ids))

    def request(self) -> LoRARequest:
        return LoRARequest(f"cand-{self.lora_id}", self.lora_id, self.path)


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-7B", enable_lora=True)
    cands = [Candidate(p) for p in sys.argv[1:]]
    for c in cands:
        print(llm.generate(["hello"], SamplingParams(max_tokens=8), lora_request=c.request()))


if __name__ == "__main__":
    main()
