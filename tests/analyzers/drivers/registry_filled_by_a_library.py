# expect: Indeterminate line=13 reason~="REG[name]" reason~="cannot follow"
"""A registry a plugin library fills: the analysis cannot list its entries, so a name it does
not know is not a KeyError but an entry it cannot see."""
from vllm import LLM
import plugins

REG = {}
plugins.register_all(REG)
llm = LLM(model="m", enable_lora=True)


def generate(prompts, name):
    return llm.generate(prompts, lora_request=REG[name])
