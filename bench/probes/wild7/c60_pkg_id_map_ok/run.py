from vllm import LLM, SamplingParams

from svc.requests import request_for

TRAFFIC = ["/ad/a", "/ad/b", "/ad/a", "/ad/c", "/ad/b"]

if __name__ == "__main__":
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=16)
    for path in TRAFFIC:
        print(path, llm.generate(["hi"], sp, lora_request=request_for(path))[0].outputs[0].text)
