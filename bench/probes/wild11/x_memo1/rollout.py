"""Roll out each saved policy checkpoint."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from ids import lora_id_for

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for step in range(0, 500, 100):
        ckpt = f"/ckpt/ppo/step-{step}"
        req = LoRARequest("policy", lora_id_for("policy"), ckpt)
        print(step, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
