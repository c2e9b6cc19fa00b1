# expect: Affected line=12 reason~="a memoised LoRARequest (lora_int_id 1) is reused without invalidation in LLM" reason~="is served 'run/ckpt-100'" reason~="2 of 3 requests are stale"
"""A wrapper memoises requests by name: a second checkpoint under the same name gets the old request
with the old path."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_CACHE: dict[str, LoRARequest] = {}


def lora(name: str, path: str) -> LoRARequest:
    if name not in _CACHE:
        _CACHE[name] = LoRARequest(name, len(_CACHE) + 1, path)
    return _CACHE[name]


llm = LLM(model="base", enable_lora=True, max_loras=2)
for checkpoint in ["run/ckpt-100", "run/ckpt-200", "run/ckpt-300"]:
    llm.generate(["q"], SamplingParams(), lora_request=lora("policy", checkpoint))
