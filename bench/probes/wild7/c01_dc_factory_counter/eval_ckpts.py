import itertools
from dataclasses import dataclass, field

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_ids = itertools.count(1)


@dataclass
class Checkpoint:
    path: str
    step: int
    lora_id: int = field(default_factory=lambda: next(_ids))

    def request(self) -> LoRARequest:
        return LoRARequest(f"step-{self.step}", self.lora_id, self.path)


def main():
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True, max_loras=2, max_cpu_loras=4)
    params = SamplingParams(max_tokens=64, temperature=0.0)
    ckpts = [Checkpoint(f"/ckpt/run7/step_{s}", s) for s in (100, 200, 300, 400)]
    for ck in ckpts:
        out = llm.generate(["Solve: 2+2="], params, lora_request=ck.request())
        print(ck.step, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
