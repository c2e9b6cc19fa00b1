from vllm import LLM, SamplingParams

from rlkit import make_policy_request
from rlkit.config import ROLLOUT_TEMPERATURE


def main():
    llm = LLM("Qwen/Qwen2.5-1.5B-Instruct", enable_lora=True, max_loras=1)
    sp = SamplingParams(n=4, temperature=ROLLOUT_TEMPERATURE, max_tokens=256)
    for step in range(0, 3000, 1000):
        outs = llm.generate(["Solve: x^2 = 9"], sp, lora_request=make_policy_request(step))
        print(step, [o.text[:20] for o in outs[0].outputs])


if __name__ == "__main__":
    main()
