# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
_ENGINES = {}


def engine(base):
    if base not in _ENGINES:
        _ENGINES[base] = LLM(model=base, enable_lora=True)
    return _ENGINES[base]


for ckpt in ["c/1", "c/2", "c/3"]:
    engine("llama").generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, ckpt))
