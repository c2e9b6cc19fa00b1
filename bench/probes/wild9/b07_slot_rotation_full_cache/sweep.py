"""ROUGE-L over the training trajectory (every 250 steps)."""

import json

from vllm import SamplingParams
from vllm.lora.request import LoRARequest

from sweeper.config import MAX_LORAS, SweepConfig
from sweeper.engine import build_engine
from sweeper.rouge import rouge_l


def main():
    cfg = SweepConfig()
    with open(cfg.eval_file) as fh:
        rows = [json.loads(l) for l in fh]
    prompts = [f"Summarize in one sentence:\n{r['document']}\n\nSummary:" for r in rows]
    refs = [r["summary"] for r in rows]

    llm = build_engine(cfg)
    sp = SamplingParams(temperature=0.0, max_tokens=cfg.max_tokens)
    curve = {}
    for i, step in enumerate(cfg.steps):
        req = LoRARequest(
            lora_name=f"step-{step}",
            lora_int_id=i % MAX_LORAS + 1,  # recycle slot ids
            lora_path=cfg.ckpt(step),
        )
        outs = llm.generate(prompts, sp, lora_request=req)
        curve[step] = rouge_l([o.outputs[0].text.strip() for o in outs], refs)
        print(f"step {step:5d}  rougeL={curve[step]:.4f}")
    with open("rouge_curve.json", "w") as fh:
        json.dump(curve, fh, indent=1)


if __name__ == "__main__":
    main()
