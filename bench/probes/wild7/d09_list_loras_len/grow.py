from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main():
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True)
    sp = SamplingParams(max_tokens=16)
    for step in (100, 200, 300):
        # next free id = number of adapters the engine already holds + 1
        lora_id = len(llm.llm_engine.list_loras()) + 1
        req = LoRARequest(f"s{step}", lora_id, f"/ck/step_{step}")
        print(step, lora_id, llm.generate(["x"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
