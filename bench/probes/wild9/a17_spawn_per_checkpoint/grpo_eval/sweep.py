"""Evaluate every GRPO checkpoint of a run on MATH-500.

Each checkpoint is evaluated in its own spawned process: vLLM does not release GPU memory
reliably inside one process, and a crash on one checkpoint must not kill the sweep.
"""

import argparse
import json
import multiprocessing as mp
import os

from datasets import load_dataset
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from grpo_eval.checkpoints import list_checkpoints
from grpo_eval.scoring import math_equal

_ENGINE = None


def _engine(base_model: str) -> LLM:
    global _ENGINE
    if _ENGINE is None:
        _ENGINE = LLM(model=base_model, enable_lora=True, max_lora_rank=64, max_model_len=4096)
    return _ENGINE


def _evaluate_checkpoint(cfg: dict, ckpt: str, out_path: str):
    ds = load_dataset(cfg["benchmark"], split="test")
    llm = _engine(cfg["base_model"])
    params = SamplingParams(temperature=0.0, max_tokens=cfg["max_tokens"])
    req = LoRARequest("grpo_ckpt", 1, ckpt)
    outs = llm.generate([r["problem"] for r in ds], params, lora_request=req)
    acc = sum(math_equal(o.outputs[0].text, r["answer"]) for o, r in zip(outs, ds)) / len(ds)
    with open(out_path, "a") as f:
        f.write(json.dumps({"checkpoint": ckpt, "accuracy": acc}) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/eval.json")
    ap.add_argument("--out", default="results/math500.jsonl")
    ns = ap.parse_args()
    cfg = json.load(open(ns.config))
    os.makedirs(os.path.dirname(ns.out), exist_ok=True)
    ctx = mp.get_context("spawn")
    for ckpt in list_checkpoints(cfg["run_dir"]):
        proc = ctx.Process(target=_evaluate_checkpoint, args=(cfg, ckpt, ns.out))
        proc.start()
        proc.join()
        if proc.exitcode != 0:
            print(f"[warn] {ckpt} failed with exit code {proc.exitcode}")


if __name__ == "__main__":
    main()
