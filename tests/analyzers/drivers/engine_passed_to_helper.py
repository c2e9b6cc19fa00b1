# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def score(llm, ckpt):
    return llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("s", 1, ckpt))


def build():
    return LLM(model="b", enable_lora=True)


def main():
    llm = build()
    for ckpt in ["a", "b", "c"]:
        score(llm, ckpt)


main()
