from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ROWS = [
    ("policy-v1", 1, "/ad/policy/v1"),
    ("policy-v2", 1, "/ad/policy/v2"),
]

if __name__ == "__main__":
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True)
    sp = SamplingParams(max_tokens=8)
    for row in ROWS:
        req = LoRARequest(*row)
        print(row[0], llm.generate(["x"], sp, lora_request=req)[0].outputs[0].text)
