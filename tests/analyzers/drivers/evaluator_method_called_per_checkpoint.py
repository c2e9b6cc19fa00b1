# expect: Affected line=14 reason~="when CheckpointEvaluator.evaluate() is called again for another adapter, lora_int_id 1 is" reason~="is served checkpoint_dir" reason~="1 of 2 requests are stale"
"""An evaluator owns its engine and is asked to evaluate checkpoint after checkpoint under id 1: the
second call is served the first checkpoint."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class CheckpointEvaluator:
    def __init__(self, base_model: str = "Qwen/Qwen2.5-7B") -> None:
        self.llm = LLM(model=base_model, enable_lora=True)
        self.params = SamplingParams(temperature=0.0, max_tokens=128)

    def evaluate(self, checkpoint_dir: str, prompts: list[str]) -> list[str]:
        request = LoRARequest("eval", 1, checkpoint_dir)
        return [o.outputs[0].text for o in self.llm.generate(prompts, self.params, lora_request=request)]
