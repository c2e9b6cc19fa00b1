from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

REGISTRY = []


class Adapter:
    path = None

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        REGISTRY.append(cls)
        cls.lora_id = len(REGISTRY)


class Math(Adapter):
    path = "/ad/math"


class Code(Adapter):
    path = "/ad/code"


class Chat(Adapter):
    path = "/ad/chat"


if __name__ == "__main__":
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True, max_loras=3)
    for cls in REGISTRY:
        req = LoRARequest(cls.__name__, cls.lora_id, cls.path)
        print(cls.__name__, llm.generate(["x"], SamplingParams(max_tokens=8), lora_request=req)[0].outputs[0].text)
