# expect: Affected line=8 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""main() builds one engine and passes it to score() for each checkpoint under id 1."""
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
