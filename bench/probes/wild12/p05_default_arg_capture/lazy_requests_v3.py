# why: `step=step` captures each value at definition time, so ids 100/200/300 map to their own folders
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

STEPS = [100, 200, 300]


def make_builders():
    out = []
    for step in STEPS:
        def build(step=step):
            return LoRARequest(f"ckpt{step}", step, f"out/checkpoint-{step}")
        out.append(build)
    return out


def main():
    llm = LLM(model="HuggingFaceTB/SmolLM2-360M", enable_lora=True, max_loras=1)
    for build in make_builders():
        req = build()
        out = llm.generate(["Tell me a joke."], SamplingParams(max_tokens=32), lora_request=req)
        print(req.lora_path, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
