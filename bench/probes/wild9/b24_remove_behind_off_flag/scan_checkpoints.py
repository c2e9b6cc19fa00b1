"""Sample every checkpoint of a run and log output-length statistics.

    python scan_checkpoints.py --run-dir runs/verbosity-dpo
    python scan_checkpoints.py --run-dir runs/verbosity-dpo --release-adapters
"""

import argparse
import json
import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from ckptscan.metrics import length_stats

LORA_ID = 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run-dir", required=True)
    ap.add_argument("--base", default="HuggingFaceH4/zephyr-7b-beta")
    ap.add_argument("--prompts", default="data/alpaca_eval_200.jsonl")
    ap.add_argument("--release-adapters", action="store_true",
                    help="unload each adapter after use (saves host RAM on small nodes)")
    args = ap.parse_args()

    prompts = [json.loads(l)["instruction"] for l in open(args.prompts)]
    llm = LLM(model=args.base, enable_lora=True, max_lora_rank=64)
    sp = SamplingParams(temperature=0.7, top_p=0.95, max_tokens=1024, seed=0)

    ckpts = sorted((d for d in os.listdir(args.run_dir) if d.startswith("checkpoint-")),
                   key=lambda d: int(d.split("-")[1]))
    stats = {}
    for name in ckpts:
        req = LoRARequest(name, LORA_ID, os.path.join(args.run_dir, name))
        outs = llm.generate(prompts, sp, lora_request=req)
        stats[name] = length_stats([o.outputs[0].text for o in outs])
        print(name, stats[name])
        if args.release_adapters:
            llm.llm_engine.remove_lora(LORA_ID)
    with open(os.path.join(args.run_dir, "length_scan.json"), "w") as fh:
        json.dump(stats, fh, indent=1)


if __name__ == "__main__":
    main()
