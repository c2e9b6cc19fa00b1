# expect: Safe-by-eviction vllm=0.26.0 line=14 reason~="evicted before every repeat"; Affected vllm=0.12.0 line=13 reason~="lora_int_id 1 is reused without invalidation"
"""`vllm.__version_tuple__ >= (0, 15)` is decided by the release judged: from 0.15 each step is
reloaded in place (Safe-by-eviction), before it the second step is served the first (Affected)."""
import vllm
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for step in range(2):
    if vllm.__version_tuple__ >= (0, 15):
        request = LoRARequest("p", 1, f"s/{step}", load_inplace=True)
    else:
        request = LoRARequest("p", 1, f"s/{step}")
    llm.generate(["q"], SamplingParams(), lora_request=request)
