from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = {}


def register(name):
    def deco(cls):
        ADAPTERS[name] = cls
        return cls
    return deco


@register("math")
class MathAdapter:
    lora_id = 1
    path = "/adapters/math-v2"
    prompt = "Compute 12*12."


@register("math_hard")
class HardMathAdapter(MathAdapter):
    path = "/adapters/math-hard-v1"
    prompt = "Integrate x^2 sin x."


def main():
    llm = LLM("deepseek-ai/deepseek-math-7b-base", enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=256, temperature=0)
    for name, cls in ADAPTERS.items():
        req = LoRARequest(name, cls.lora_id, cls.path)
        print(name, llm.generate([cls.prompt], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
