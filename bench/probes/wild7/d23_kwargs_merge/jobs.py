from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

DEFAULTS = {"lora_int_id": 1}
JOBS = [
    {"lora_name": "a", "lora_path": "/ad/a"},
    {"lora_name": "b", "lora_path": "/ad/b", "lora_int_id": 2},
    {"lora_name": "c", "lora_path": "/ad/c"},
]

if __name__ == "__main__":
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=8)
    for job in JOBS:
        req = LoRARequest(**{**DEFAULTS, **job})
        print(job["lora_name"], llm.generate(["x"], sp, lora_request=req)[0].outputs[0].text)
