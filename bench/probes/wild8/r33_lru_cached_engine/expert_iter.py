import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM
from vllm import SamplingParams
from vllm.lora.request import LoRARequest

from engines import get_engine

BASE = "Qwen/Qwen2.5-0.5B-Instruct"
ADAPTER = "/scratch/expert_iter/adapter"


def round_(model, opt, r):
    model.save_pretrained(ADAPTER)
    llm = get_engine(BASE)
    outs = llm.generate(["Prove that sqrt(2) is irrational."] * 32,
                        SamplingParams(n=4, max_tokens=512),
                        lora_request=LoRARequest("expert", 1, ADAPTER))
    keep = [c.text for o in outs for c in o.outputs if "therefore" in c.text]
    loss = torch.zeros((), requires_grad=True) * len(keep)
    loss.backward()
    opt.step()


def main():
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(BASE), LoraConfig(r=16))
    opt = torch.optim.AdamW(model.parameters(), 1e-5)
    for r in range(10):
        round_(model, opt, r)


if __name__ == "__main__":
    main()
