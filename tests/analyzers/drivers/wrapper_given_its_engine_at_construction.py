# expect: Affected line=17 reason~="lora_int_id 1 is reused" reason~="in the engine `llm`"
"""A wrapper given its engine when it is built, as `Wrapper(llm)`: every later call on that
instance serves through that one engine, whatever its callers pass to the calls themselves. So
`set_adapter(a)`, `ask()`, `set_adapter(b)`, `ask()` serves b under id 1 on the engine that
already holds a: b gets a's weights. (An engine passed to each call may differ from call to
call; one kept from the constructor cannot.)"""
from vllm import SamplingParams
from vllm.lora.request import LoRARequest


class Wrapper:
    def __init__(self, llm):
        self.llm = llm
        self.request = None

    def set_adapter(self, folder):
        self.request = LoRARequest("adapter", 1, folder)

    def ask(self, prompts):
        return self.llm.generate(prompts, SamplingParams(), lora_request=self.request)
