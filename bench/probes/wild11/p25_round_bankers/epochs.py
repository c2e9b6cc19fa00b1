"""Evaluate mid-epoch checkpoints; id from the rounded epoch."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

EPOCHS = [0.5, 1.5, 2.5, 3.5]


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=4)
    sp = SamplingParams(max_tokens=8)
    for e in EPOCHS:
        lora_id = round(e) + 1
        req = LoRARequest(f"epoch{lora_id}", lora_id, f"/ckpt/sft/epoch-{e}")
        print(e, llm.generate(["hi"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
