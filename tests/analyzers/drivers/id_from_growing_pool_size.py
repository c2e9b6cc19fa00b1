# expect: Safe-distinct-id line=13 reason~="every lora_int_id maps to one adapter within each engine lifetime" reason~="3 distinct ids"
"""Adapters are registered once in a pool that only grows; the id is the pool size + 1."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterPool:
    def __init__(self) -> None:
        self.requests: dict[str, LoRARequest] = {}

    def get(self, path: str) -> LoRARequest:
        if path not in self.requests:
            self.requests[path] = LoRARequest(f"lora-{len(self.requests)}", len(self.requests) + 1, path)
        return self.requests[path]


def main(paths: list[str]) -> None:
    llm = LLM(model="base", enable_lora=True)
    pool = AdapterPool()
    for epoch in range(2):
        for path in paths:
            llm.generate(["q"], SamplingParams(), lora_request=pool.get(path))


if __name__ == "__main__":
    main(["adapters/math", "adapters/code", "adapters/chat"])
