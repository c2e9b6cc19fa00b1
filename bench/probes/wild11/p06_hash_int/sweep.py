"""Sweep saved steps; slot chosen by hashing the step."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SLOTS = 4


def main() -> None:
    llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=SLOTS)
    sp = SamplingParams(max_tokens=16)
    for step in range(0, 1000, 100):
        slot = hash(step) % SLOTS + 1
        req = LoRARequest(f"slot{slot}", slot, f"/ckpts/run1/step{step}")
        print(step, llm.generate(["hi"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
