# expect: Affected line=11 reason~="a memoised LoRARequest (lora_int_id 1) is reused without invalidation in LLM" reason~="is served 'ckpt/1'" reason~="2 of 3 requests are stale"
"""Requests memoised in a dict by name: every later path under the same name gets the first request."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_REQUESTS: dict[str, LoRARequest] = {}


def request_for(name: str, path: str) -> LoRARequest:
    if name not in _REQUESTS:
        _REQUESTS[name] = LoRARequest(name, len(_REQUESTS) + 1, path)
    return _REQUESTS[name]


llm = LLM(model="base", enable_lora=True)
for path in ["ckpt/1", "ckpt/2", "ckpt/3"]:
    llm.generate(["x"], SamplingParams(), lora_request=request_for("policy", path))
