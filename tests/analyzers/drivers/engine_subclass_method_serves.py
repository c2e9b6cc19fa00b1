# expect: Affected line=17 reason~="lora_int_id 1 is reused"
"""A repository subclass of `LLM` adds a `run()` method that serves through `self.generate`;
each checkpoint is served under lora_int_id 1 on the one engine. The instance is the engine,
with the subclass's methods: its methods run with the engine as `self`."""
import sys
from vllm import LLM
from vllm.lora.request import LoRARequest


class QuietLLM(LLM):
    def run(self, prompts, req):
        return self.generate(prompts, lora_request=req, use_tqdm=False)


llm = QuietLLM(model="m", enable_lora=True)
for ckpt in sys.argv[1:]:
    print(llm.run(["hi"], LoRARequest("x", 1, ckpt)))
