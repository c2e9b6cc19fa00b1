# why: the lambdas close over the comprehension's `step` and are called after it finished, so all three build (300, out/checkpoint-300): one adapter
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

STEPS = [100, 200, 300]

builders = [
    lambda: LoRARequest(f"ckpt{step}", step, f"out/checkpoint-{step}")
    for step in STEPS
]


def main():
    llm = LLM(model="HuggingFaceTB/SmolLM2-360M", enable_lora=True, max_loras=1)
    for build in builders:
        req = build()
        out = llm.generate(["Tell me a joke."], SamplingParams(max_tokens=32), lora_request=req)
        print(req.lora_path, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
