# expect: Affected line=14 reason~="when load_policy() then sample() is called again"
"""A module of functions nothing in the file calls, sharing one engine and the current request in
module globals: `load_policy(path)` keeps a request under id 1 and `sample()` serves it. Used in
turn, as a caller of the module does, the second policy is served the first one's weights."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
current = None


def load_policy(path):
    global current
    current = LoRARequest("policy", 1, path)


def sample(prompts):
    return llm.generate(prompts, SamplingParams(), lora_request=current)
