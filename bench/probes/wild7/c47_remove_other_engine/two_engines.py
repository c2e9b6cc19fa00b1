from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main():
    policy = LLM("meta-llama/Llama-3.2-1B", enable_lora=True, gpu_memory_utilization=0.4)
    reference = LLM("meta-llama/Llama-3.2-1B", enable_lora=True, gpu_memory_utilization=0.4)
    sp = SamplingParams(max_tokens=32, temperature=0)
    ref_req = LoRARequest("ref", 1, "/ad/reference")
    for it in range(3):
        req = LoRARequest("policy", 1, f"/ad/policy/it{it}")
        a = policy.generate(["Hi"], sp, lora_request=req)
        b = reference.generate(["Hi"], sp, lora_request=ref_req)
        print(it, a[0].outputs[0].text, b[0].outputs[0].text)
        reference.llm_engine.remove_lora(1)


if __name__ == "__main__":
    main()
