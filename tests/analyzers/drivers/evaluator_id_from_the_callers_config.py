# expect: Affected line=15 reason~="cfg.lora_id is reused"
"""An evaluator serves each checkpoint it is given under the lora_int_id of the config it was
built with. The caller may change that config between two calls, but where it does not, the
second checkpoint is served the first one's weights."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class Evaluator:
    def __init__(self, cfg):
        self.cfg = cfg
        self.llm = LLM(model="base", enable_lora=True)

    def evaluate(self, prompts, ckpt):
        return self.llm.generate(prompts, lora_request=LoRARequest("a", self.cfg.lora_id, ckpt))
