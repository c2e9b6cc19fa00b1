from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def id_allocator(start=1):
    n = start - 1

    def nxt():
        nonlocal n
        n += 1
        return n
    return nxt


NEXT_ID = id_allocator()


def rollout(llm, prompts, path):
    lora_id = NEXT_ID()
    sp = SamplingParams(n=8, temperature=1.0, max_tokens=512)
    return llm.generate(prompts, sp, lora_request=LoRARequest(f"grpo-{lora_id}", lora_id, path))


def main():
    llm = LLM("Qwen/Qwen2.5-Math-1.5B", enable_lora=True, max_loras=2)
    for step in range(0, 60, 20):
        outs = rollout(llm, ["Find x: 2x+3=7"], f"/grpo/ckpt/step_{step}")
        print(step, len(outs[0].outputs))


if __name__ == "__main__":
    main()
