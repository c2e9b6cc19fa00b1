import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM
from vllm import SamplingParams

from rlhf import EnginePair, refresh_adapter

BASE = "Qwen/Qwen2.5-0.5B-Instruct"


def main():
    pair = EnginePair(BASE)
    model = get_peft_model(AutoModelForCausalLM.from_pretrained(BASE), LoraConfig(r=16))
    opt = torch.optim.AdamW(model.parameters(), 1e-5)
    sp = SamplingParams(max_tokens=128, logprobs=1)
    for step in range(200):
        req = refresh_adapter(pair.ref_llm, model)
        pol = pair.policy_llm.generate(["Be helpful."] * 8, sp, lora_request=req)
        ref = pair.ref_llm.generate(["Be helpful."] * 8, sp)
        kl = sum(len(a.outputs[0].text) - len(b.outputs[0].text) for a, b in zip(pol, ref))
        loss = torch.zeros((), requires_grad=True) * kl
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
