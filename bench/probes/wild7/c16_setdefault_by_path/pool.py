from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_lora_ids = {}


def request_for(path):
    lora_id = _lora_ids.setdefault(path, len(_lora_ids) + 1)
    return LoRARequest(f"lora-{lora_id}", lora_id, path)


def main():
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=48)
    schedule = ["/ad/math", "/ad/code", "/ad/math", "/ad/chat", "/ad/code"]
    for path in schedule:
        out = llm.generate(["Hello"], sp, lora_request=request_for(path))
        print(path, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
