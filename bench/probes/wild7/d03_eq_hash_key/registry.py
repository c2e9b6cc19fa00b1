from dataclasses import dataclass, field

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


@dataclass(frozen=True)
class AdapterKey:
    name: str
    path: str = field(compare=False)  # identity is the adapter's name


_ids: dict = {}


def request_for(key: AdapterKey) -> LoRARequest:
    lora_id = _ids.setdefault(key, len(_ids) + 1)
    return LoRARequest(key.name, lora_id, key.path)


if __name__ == "__main__":
    llm = LLM("Qwen/Qwen2.5-7B-Instruct", enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=32)
    for key in [AdapterKey("policy", "/ck/policy/v1"), AdapterKey("policy", "/ck/policy/v2")]:
        print(key, llm.generate(["go"], sp, lora_request=request_for(key))[0].outputs[0].text)
