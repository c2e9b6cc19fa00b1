# why: `_NEXT_ID = 0` inside main() is a LOCAL assignment (no `global`), so it does not reset the helper's module counter: ids keep rising 1..4
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_NEXT_ID = 0


def next_lora_id():
    global _NEXT_ID
    _NEXT_ID += 1
    return _NEXT_ID


def main():
    llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=8)
    families = {"math": ["/l/math-a", "/l/math-b"], "code": ["/l/code-a", "/l/code-b"]}
    for family, folders in families.items():
        _NEXT_ID = 0  # restart numbering per family
        for folder in folders:
            lid = next_lora_id()
            out = llm.generate(["Go"], SamplingParams(max_tokens=4),
                               lora_request=LoRARequest(f"{family}{lid}", lid, folder))
            print(family, folder, out[0].outputs[0].text)


main()
