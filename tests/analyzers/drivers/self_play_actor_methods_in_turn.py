# expect: Affected line=15 reason~="when SelfPlayActor.load_checkpoint() then SelfPlayActor.play() is called again"
"""A self-play actor nothing in the file drives: `load_checkpoint(path)` keeps a request under id 1
and `play()` serves it. Run on its own, `play()` sees a request it cannot know; used in turn on
one instance, as its callers do, the second checkpoint is served the first one's weights."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class SelfPlayActor:
    def __init__(self, base):
        self.llm = LLM(model=base, enable_lora=True)
        self.request = None

    def load_checkpoint(self, path):
        self.request = LoRARequest("policy", 1, path)

    def play(self, prompts):
        return self.llm.generate(prompts, SamplingParams(), lora_request=self.request)
