"""Score every saved checkpoint of a run against an already-running vLLM server.

    VLLM_ALLOW_RUNTIME_LORA_UPDATING=True vllm serve deepseek-ai/deepseek-coder-6.7b-base \
        --enable-lora --max-lora-rank 64 &
    python eval_checkpoints.py --run-dir /ckpts/coder-lora
"""

import argparse
import json
import os

from ckpt_eval import VLLMServerClient
from ckpt_eval.scoring import pass_at_1

ADAPTER_NAME = "candidate"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run-dir", required=True)
    ap.add_argument("--server", default="http://127.0.0.1:8000")
    ap.add_argument("--problems", default="data/humaneval_lite.jsonl")
    args = ap.parse_args()

    with open(args.problems) as fh:
        probs = [json.loads(l) for l in fh]
    client = VLLMServerClient(args.server)

    ckpts = sorted(
        (d for d in os.listdir(args.run_dir) if d.startswith("checkpoint-")),
        key=lambda d: int(d.split("-")[-1]),
    )
    scores = {}
    for ck in ckpts:
        client.load_adapter(ADAPTER_NAME, os.path.join(args.run_dir, ck))
        outs = client.complete(ADAPTER_NAME, [p["prompt"] for p in probs])
        scores[ck] = pass_at_1(outs, [p["test"] for p in probs])
        print(f"{ck}: pass@1={scores[ck]:.3f}")
    best = max(scores, key=scores.get)
    print("best checkpoint:", best)


if __name__ == "__main__":
    main()
