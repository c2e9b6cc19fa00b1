# expect: Affected line=25 reason~="'/tmp/live' is rewritten"
"""As `threshold_guards_a_method_that_saves.py`, one call deeper: `checkpoint()` calls
`self._save()`, whose name says it writes. The loop is followed past the threshold."""
import sys

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest


class Loop:
    def __init__(self):
        self.llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
        self.step = 0

    def _save(self):
        policy.save_pretrained("/tmp/live")

    def checkpoint(self):
        self._save()

    def run(self, batches):
        for batch in batches:
            policy.fit(batch)
            self.llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
            self.step += 1
            if self.step >= 10:
                self.checkpoint()


Loop().run(sys.argv[1:])
