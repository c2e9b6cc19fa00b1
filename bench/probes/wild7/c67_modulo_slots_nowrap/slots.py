from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SLOTS = 8


def main():
    llm = LLM("meta-llama/Llama-3.2-3B", enable_lora=True, max_loras=4, max_cpu_loras=SLOTS)
    sp = SamplingParams(max_tokens=32)
    for step in range(6):
        lora_id = step % SLOTS + 1
        req = LoRARequest(f"step{step}", lora_id, f"/ck/step_{step}")
        print(step, llm.generate(["x"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
