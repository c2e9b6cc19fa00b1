# why: here the reset goes through `global`, so each family restarts at id 1: code-a gets id 1 while math-a is still cached (max_loras=8)
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_NEXT_ID = 0


def next_lora_id():
    global _NEXT_ID
    _NEXT_ID += 1
    return _NEXT_ID


def reset_ids():
    global _NEXT_ID
    _NEXT_ID = 0


def main():
    llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=8)
    families = {"math": ["/l/math-a", "/l/math-b"], "code": ["/l/code-a", "/l/code-b"]}
    for family, folders in families.items():
        reset_ids()
        for folder in folders:
            lid = next_lora_id()
            out = llm.generate(["Go"], SamplingParams(max_tokens=4),
                               lora_request=LoRARequest(f"{family}{lid}", lid, folder))
            print(family, folder, out[0].outputs[0].text)


main()
