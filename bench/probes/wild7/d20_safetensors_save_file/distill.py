import os

from safetensors.torch import save_file
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTER_DIR = "/tmp/student_lora"  # adapter_config.json written once at setup


def export_weights(peft_model):
    sd = {k: v.detach().cpu() for k, v in peft_model.state_dict().items() if "lora_" in k}
    save_file(sd, os.path.join(ADAPTER_DIR, "adapter_model.safetensors"))


def distill(peft_model, optimizer, batches, llm):
    req = LoRARequest("student", 1, ADAPTER_DIR)
    for batch in batches:
        export_weights(peft_model)
        outs = llm.generate(batch, SamplingParams(max_tokens=64), lora_request=req)
        peft_model.loss(outs).backward()
        optimizer.step()


if __name__ == "__main__":
    from setup import build
    m, opt, data = build()
    distill(m, opt, data, LLM("Qwen/Qwen2.5-0.5B", enable_lora=True))
