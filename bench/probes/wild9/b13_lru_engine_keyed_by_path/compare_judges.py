"""Compare several fine-tuned judge adapters on the same set of graded pairs."""

import argparse
import glob
import json
import statistics

from vllm import SamplingParams

from judgebench import engine_for
from judgebench.rubric import RUBRIC, parse_rating


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="meta-llama/Llama-3.1-8B-Instruct")
    ap.add_argument("--adapters", default="judges/*/final")
    ap.add_argument("--pairs", default="data/graded_pairs.jsonl")
    args = ap.parse_args()

    pairs = [json.loads(l) for l in open(args.pairs)]
    prompts = [RUBRIC.format(q=p["question"], a=p["answer"]) for p in pairs]
    sp = SamplingParams(temperature=0.0, max_tokens=16)

    report = {}
    for adapter in sorted(glob.glob(args.adapters)):
        llm, lora = engine_for(args.base, adapter)
        outs = llm.generate(prompts, sp, lora_request=lora)
        ratings = [parse_rating(o.outputs[0].text) for o in outs]
        errs = [abs(r - p["human"]) for r, p in zip(ratings, pairs) if r is not None]
        report[adapter] = {"mae": statistics.mean(errs) if errs else None,
                           "parse_rate": len(errs) / len(pairs)}
        print(adapter, report[adapter])
    json.dump(report, open("judge_report.json", "w"), indent=1)


if __name__ == "__main__":
    main()
