# expect: Affected
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
