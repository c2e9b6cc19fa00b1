# expect: Affected line=13 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""The id is an attribute set to 1 in __init__: every checkpoint the evaluator runs shares it."""
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
