# expect: Affected line=22 reason~="lora_int_id 1 is reused" reason~="Evaluator.use_adapter()"
"""`use_adapter(path)` changes nothing itself: its private helper `_apply(path)` keeps the
folder that `score()` serves under id 1. What a helper assigns is what its caller assigns, so
`use_adapter(a)`, `score()`, `use_adapter(b)`, `score()` is run in turn, and the engine made
once in `__init__` serves b the weights of a."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Evaluator:
    def __init__(self, base):
        self.llm = LLM(model=base, enable_lora=True)
        self.folder = None

    def use_adapter(self, path):
        self._apply(path)

    def _apply(self, path):
        self.folder = path

    def score(self, prompts):
        request = LoRARequest("adapter", 1, self.folder)
        return self.llm.generate(prompts, SamplingParams(), lora_request=request)
