import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

OUTPUT_DIR = "outputs/online_dpo"
ADAPTER_DIR = os.path.join(OUTPUT_DIR, "vllm_adapter")


def generate_pairs(llm, prompts):
    sp = SamplingParams(n=2, temperature=1.0, max_tokens=128)
    req = LoRARequest("online", 1, ADAPTER_DIR)
    return llm.generate(prompts, sp, lora_request=req)


def train(model, trainer, prompt_batches):
    llm = LLM("HuggingFaceTB/SmolLM2-360M-Instruct", enable_lora=True, gpu_memory_utilization=0.4)
    for batch in prompt_batches:
        model.save_pretrained(ADAPTER_DIR)
        pairs = generate_pairs(llm, batch)
        trainer.step(pairs)


if __name__ == "__main__":
    from mytrain import build
    model, trainer, batches = build()
    train(model, trainer, batches)
