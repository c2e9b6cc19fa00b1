from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ENGINE_KW = dict(enable_lora=True, max_loras=1, max_cpu_loras=4, max_lora_rank=16)
BASELINE = "/ad/baseline"


def main():
    llm = LLM("meta-llama/Llama-3.2-1B", **ENGINE_KW)
    sp = SamplingParams(max_tokens=32, temperature=0)
    for cand in ["/ad/cand_a", "/ad/cand_b"]:
        # candidate always in slot 1, baseline in slot 2
        c = llm.generate(["Hi"], sp, lora_request=LoRARequest("cand", 1, cand))
        b = llm.generate(["Hi"], sp, lora_request=LoRARequest("base", 2, BASELINE))
        print(cand, c[0].outputs[0].text == b[0].outputs[0].text)


if __name__ == "__main__":
    main()
