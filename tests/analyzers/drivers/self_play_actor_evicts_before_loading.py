# expect: Indeterminate line=20 reason~="is self.request, which the analysis cannot follow" reason~="also in turn on one instance"
"""The same actor, but `load_checkpoint(path)` drops id 1 from the engine before keeping the new
request: used in turn, each checkpoint is loaded afresh, so the run in turn finds nothing stale
(the negative control of `self_play_actor_methods_in_turn.py`: were the drop missed, this would
be Affected). What stays is `play()` on its own, after methods that may have set any request."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class SelfPlayActor:
    def __init__(self, base):
        self.llm = LLM(model=base, enable_lora=True)
        self.request = None

    def load_checkpoint(self, path):
        self.llm.llm_engine.remove_lora(1)
        self.request = LoRARequest("policy", 1, path)

    def play(self, prompts):
        return self.llm.generate(prompts, SamplingParams(), lora_request=self.request)
