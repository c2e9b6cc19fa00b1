from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

REFRESH_EVERY = 10


def main():
    llm = LLM("Qwen/Qwen2.5-1.5B-Instruct", enable_lora=True)
    sp = SamplingParams(n=4, max_tokens=64)
    for step in range(0, 50, 5):
        if step % REFRESH_EVERY == 0:
            llm.llm_engine.remove_lora(1)
        req = LoRARequest("policy", 1, f"/rl/policy/step_{step}")
        outs = llm.generate(["Q: 3+4?"], sp, lora_request=req)
        print(step, outs[0].outputs[0].text)


if __name__ == "__main__":
    main()
