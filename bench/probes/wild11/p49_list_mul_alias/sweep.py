"""Per-checkpoint mutable slots filled before evaluation."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/ck/step-1000", "/ck/step-2000", "/ck/step-3000"]

if __name__ == "__main__":
    slots = [[0]] * len(CKPTS)
    for i in range(len(CKPTS)):
        slots[i][0] = i + 1
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt, (lora_id,) in zip(CKPTS, slots):
        req = LoRARequest(f"c{lora_id}", lora_id, ckpt)
        print(llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req))
