from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

NUM_BUCKETS = 8


def lora_id_for(step: int) -> int:
    return abs(hash(step)) % NUM_BUCKETS + 1


def main():
    llm = LLM("Qwen/Qwen2.5-1.5B", enable_lora=True, max_loras=8)
    sp = SamplingParams(max_tokens=32)
    for step in range(0, 100, 10):
        req = LoRARequest(f"s{step}", lora_id_for(step), f"/rl/ckpt/step_{step}")
        print(step, llm.generate(["go"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
