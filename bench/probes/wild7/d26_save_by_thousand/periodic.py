import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

OUT = "/runs/p1"


def main(model, total=3000, every=500):
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=4)
    for step in range(every, total + 1, every):
        bucket = step // 1000
        path = os.path.join(OUT, f"k{bucket}")
        model.save_pretrained(path)
        req = LoRARequest(f"k{bucket}", bucket + 1, path)
        print(step, llm.generate(["x"], SamplingParams(max_tokens=8), lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    from mymodel import load
    main(load())
