# expect: Indeterminate line=14 reason~="is only known at run time and may be 7"
"""Adapters are loaded by code the analysis cannot see (`load_adapters` comes from a library):
what `list_loras()` answers is unknown, so the request built from it names an unknown id."""
from vllm import LLM
from vllm.lora.request import LoRARequest

from adapter_loading import load_adapters

llm = LLM(model="base", enable_lora=True)
load_adapters(llm, ["ckpt/a", "ckpt/b"])
loaded = llm.llm_engine.list_loras()
for lora_id in loaded:
    llm.generate(["q"], lora_request=LoRARequest(str(lora_id), lora_id, "/stub-path"))
    llm.llm_engine.add_lora(LoRARequest("extra", 7, "ckpt/extra"))
llm.generate(["q"], lora_request=LoRARequest(str(lora_id), lora_id, "ckpt/c"))
