# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Evaluator:
    def __init__(self, base: str) -> None:
        self.llm = LLM(model=base, enable_lora=True)
        self.lora_id = 1

    def run(self, path: str):
        return self.llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("e", self.lora_id, path))


if __name__ == "__main__":
    ev = Evaluator("base")
    for ckpt in ["a", "b", "c"]:
        ev.run(ckpt)
