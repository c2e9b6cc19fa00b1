import time

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

MAX_ROUNDS = 3


def main():
    llm = LLM("mistralai/Mistral-7B-v0.1", enable_lora=True)
    sp = SamplingParams(max_tokens=16)
    rnd = 0
    while True:
        rnd += 1
        path = f"/ckpt/stream/round_{rnd}"
        out = llm.generate(["status:"], sp, lora_request=LoRARequest("stream", 1, path))
        print(rnd, out[0].outputs[0].text)
        if rnd >= MAX_ROUNDS:
            break
        time.sleep(30)


if __name__ == "__main__":
    main()
