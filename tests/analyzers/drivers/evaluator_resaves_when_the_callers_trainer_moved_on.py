# expect: Affected line=23 reason~="called again" reason~="is rewritten" reason~="the caller changing trainer between two calls"
"""An evaluator handed the trainer (library code: nothing in the file calls it) re-saves the
policy into one folder whenever the trainer's step moved on since its last save, and serves it
under one lora_int_id. The caller trains between two evaluations, so the second one is served
the first one's weights."""
from vllm import LLM
from vllm.lora.request import LoRARequest

PATH = "/tmp/policy_lora"


class VllmEvaluator:
    def __init__(self, trainer):
        self.trainer = trainer
        self.llm = LLM(model="base", enable_lora=True)
        self.last_step = -1

    def evaluate(self, prompts):
        step = self.trainer.state.global_step
        if step != self.last_step:
            self.trainer.model.save_pretrained(PATH)
            self.last_step = step
        return self.llm.generate(prompts, lora_request=LoRARequest("policy", 1, PATH))
