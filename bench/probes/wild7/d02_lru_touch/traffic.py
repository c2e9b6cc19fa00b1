from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

# (id, path) trace replayed from production logs; adapter 1 was hot-swapped at the end
TRACE = [
    (1, "/ad/support/v1"),
    (2, "/ad/sales/v1"),
    (1, "/ad/support/v1"),
    (3, "/ad/legal/v1"),
    (1, "/ad/support/v2"),
]


def main():
    llm = LLM("meta-llama/Llama-3.1-8B-Instruct", enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=32)
    for lora_id, path in TRACE:
        req = LoRARequest(path, lora_id, path)
        print(lora_id, path, llm.generate(["hello"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
