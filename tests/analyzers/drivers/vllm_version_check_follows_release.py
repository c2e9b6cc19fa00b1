# expect: Safe-by-eviction vllm=0.20.0 line=17 reason~="evicted before every repeat"; Affected vllm=0.14.0 line=16 reason~="lora_int_id 1 is reused without invalidation"
"""The code asks for an in-place reload when the installed vLLM has it (>= 0.15). That check is
a fact of the release being judged, not an independent unknown: at 0.20 it holds, so every reuse
of id 1 reloads the new folder (Safe-by-eviction); at 0.14 it fails, no `load_inplace` is passed
and the second step is answered by the first (Affected)."""
import vllm
from packaging import version
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

INPLACE = version.parse(vllm.__version__) >= version.parse("0.15")
llm = LLM(model="base", enable_lora=True)
for step in range(2):
    options = {"load_inplace": True} if INPLACE else {}
    path = f"sync/step_{step}"
    request = LoRARequest("policy", 1, path, **options)
    llm.generate(["q"], SamplingParams(), lora_request=request)
