from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

STAGE_IDS = {"sft": 1, "dpo": 2}


def stage_checkpoints(stage):
    for step in (500, 1000):
        yield stage, f"/runs/{stage}/step_{step}"


def all_checkpoints():
    yield from stage_checkpoints("sft")
    yield from stage_checkpoints("dpo")


def main():
    llm = LLM("meta-llama/Llama-3.1-8B-Instruct", enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=128, temperature=0)
    for stage, path in all_checkpoints():
        req = LoRARequest(stage, STAGE_IDS[stage], path)
        out = llm.generate(["Explain entropy briefly."], sp, lora_request=req)
        print(stage, path, out[0].outputs[0].text[:60])


if __name__ == "__main__":
    main()
