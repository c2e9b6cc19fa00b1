from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_NEXT_ID = 0


def allocate_id():
    next_id = _NEXT_ID + 1
    return next_id


def load_all(paths):
    return [LoRARequest(p.split("/")[-1], allocate_id(), p) for p in paths]


if __name__ == "__main__":
    llm = LLM("meta-llama/Llama-3.1-8B-Instruct", enable_lora=True, max_loras=3)
    reqs = load_all(["/ad/legal", "/ad/medical", "/ad/finance", "/ad/legal-v2"])
    sp = SamplingParams(max_tokens=32)
    for req in reqs:
        print(req.lora_name, llm.generate(["Define 'tort'."], sp, lora_request=req)[0].outputs[0].text)
