from functools import partial

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/ckpt/a/step_1000", "/ckpt/a/step_2000", "/ckpt/a/step_3000"]

# default id is only a placeholder; every call passes its own
make_request = partial(LoRARequest, lora_name="eval", lora_int_id=1)


def main():
    llm = LLM("mistralai/Mistral-7B-v0.1", enable_lora=True, max_loras=1)
    sp = SamplingParams(max_tokens=16, temperature=0)
    for i, ckpt in enumerate(CKPTS):
        req = make_request(lora_path=ckpt, lora_int_id=100 + i)
        out = llm.generate(["The answer is"], sp, lora_request=req)
        print(ckpt, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
