from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def next_lora_id(_state=[0]):
    _state[0] += 1
    return _state[0]


def tenant_request(tenant, version):
    return LoRARequest(f"{tenant}-v{version}", next_lora_id(), f"/tenants/{tenant}/v{version}")


if __name__ == "__main__":
    llm = LLM("meta-llama/Llama-3.1-8B-Instruct", enable_lora=True, max_loras=4)
    sp = SamplingParams(max_tokens=32)
    for tenant, version in [("acme", 1), ("globex", 1), ("acme", 2)]:
        req = tenant_request(tenant, version)
        print(req.lora_int_id, llm.generate(["hello"], sp, lora_request=req)[0].outputs[0].text)
