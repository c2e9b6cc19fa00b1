# expect: Affected line=24 reason~="'/tmp/live' is rewritten"
"""A trainer class keeps its own step count; after ten steps `run()` calls its `checkpoint()`
method, which saves the policy into the folder every step serves under lora_int_id 1. The `if`
names no save itself: the method it calls on `self` does, so the loop is followed past the
threshold, where the next serve gets the weights cached before the save."""
import sys

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest


class Loop:
    def __init__(self):
        self.llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
        self.step = 0

    def checkpoint(self):
        policy.save_pretrained("/tmp/live")

    def run(self, batches):
        for batch in batches:
            policy.fit(batch)
            self.llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
            self.step += 1
            if self.step >= 10:
                self.checkpoint()


Loop().run(sys.argv[1:])
