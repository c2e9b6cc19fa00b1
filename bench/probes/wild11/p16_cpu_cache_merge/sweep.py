"""Two slots used in turn on a one-slot GPU cache; the CPU cache is raised for speed."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

BASE_ARGS = dict(model="meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=1)
FAST = {"max_cpu_loras": 4}


def main() -> None:
    llm = LLM(**(BASE_ARGS | FAST))
    sp = SamplingParams(max_tokens=16)
    for step in range(100, 700, 100):
        slot = 1 if (step // 100) % 2 else 2
        req = LoRARequest(f"slot{slot}", slot, f"/ckpt/run7/step-{step}")
        print(step, llm.generate(["hi"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
