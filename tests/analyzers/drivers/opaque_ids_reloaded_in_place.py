# expect: Safe-by-eviction vllm=0.15.0 line=14 reason~="reloads it (LoRARequest(load_inplace=True)"
"""An endpoint that keeps a name's id or takes the next one from a registry the analysis cannot
see: the id is unknown, but every add reloads in place, so no id can be served stale."""
from vllm import LLM
from vllm.lora.request import LoRARequest

from registry import ids

llm = LLM(model="base", enable_lora=True)


def load_adapter(name, path):
    lora_id = ids.get(name) or ids.next_id()
    llm.llm_engine.add_lora(LoRARequest(name, lora_id, path, load_inplace=True))
