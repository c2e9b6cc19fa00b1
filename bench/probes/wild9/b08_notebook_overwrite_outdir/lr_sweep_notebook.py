# %% [markdown]
# # LR sweep for the support-ticket SFT
# Exported from `lr_sweep.ipynb`. Trains one LoRA per learning rate with
# `train_sft.py`, then samples the held-out prompts with vLLM.

# %%
import json
import subprocess

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

BASE = "Qwen/Qwen2.5-3B-Instruct"
OUT_DIR = "outputs/sft-lora"          # scratch dir, overwritten by each run
LRS = [5e-5, 1e-4, 2e-4, 5e-4]

# %%
with open("data/heldout.jsonl") as fh:
    heldout = [json.loads(l) for l in fh]
prompts = [h["prompt"] for h in heldout]

# %%
# load the base model once; only the adapter changes between runs
llm = LLM(model=BASE, enable_lora=True, max_lora_rank=16, gpu_memory_utilization=0.45)
sp = SamplingParams(temperature=0.0, max_tokens=256)

# %%
results = {}
for lr in LRS:
    subprocess.run(
        ["accelerate", "launch", "train_sft.py", "--model", BASE,
         "--learning_rate", str(lr), "--output_dir", OUT_DIR],
        check=True,
    )
    outs = llm.generate(prompts, sp, lora_request=LoRARequest(f"sft-lr{lr}", 1, OUT_DIR))
    results[lr] = [o.outputs[0].text for o in outs]
    print(lr, results[lr][0][:120])

# %%
def exact(outs):
    return sum(o.strip() == h["reference"].strip() for o, h in zip(outs, heldout)) / len(heldout)

for lr, outs in results.items():
    print(f"lr={lr:g}: exact={exact(outs):.3f}")

# %%
with open("lr_sweep_outputs.json", "w") as fh:
    json.dump({str(k): v for k, v in results.items()}, fh)
