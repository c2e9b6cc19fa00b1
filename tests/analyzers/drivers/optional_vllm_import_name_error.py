# expect: Safe-single-adapter line=14 reason~="one adapter per engine lifetime"
"""vLLM is imported only when `has_vllm()` says so. In the world where it does not, `LLM` is
unbound and the script stops with a NameError before serving anything: that world serves no
request, it is not an unknown request. The other world serves one (id 1, path): Safe."""
import sys

from site_checks import has_vllm

if has_vllm():
    from vllm import LLM, SamplingParams
    from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
request = LoRARequest("only", 1, sys.argv[1])
for batch in (["a"], ["b"]):
    llm.generate(batch, SamplingParams(), lora_request=request)
