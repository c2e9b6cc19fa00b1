# expect: Affected line=34 reason~="lora_int_id 1 is reused without invalidation"
"""An evaluation loop that skips checkpoints whose results are cached: the body of `if cached:`
tries to read them and `continue`s, and falls through to the serve when it cannot. The first
world takes every cache as there; the serve is on the side the body may skip, which the search
tries first, not after thirty other conditions on the listing."""
import argparse
import glob
import json
import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def evaluate(model_dir: str, out_dir: str) -> None:
    llm = LLM(model="base", enable_lora=True, max_lora_rank=16)
    checkpoints = []
    for folder in sorted(glob.glob(os.path.join(model_dir, "checkpoint-*"))):
        if os.path.isdir(folder) and os.path.exists(os.path.join(folder, "adapter_config.json")):
            checkpoints.append((int(folder.rsplit("-", 1)[-1]), folder))
    checkpoints.sort()
    for step, folder in checkpoints:
        cached = glob.glob(os.path.join(out_dir, f"step_{step}", "*.json"))
        if cached:
            try:
                with open(cached[0]) as handle:
                    print(step, json.load(handle)["score"])
                continue
            except (OSError, KeyError):
                pass
        outputs = llm.generate(
            ["q"],
            SamplingParams(temperature=0),
            lora_request=LoRARequest("adapter", 1, folder),
        )
        print(step, outputs[0].outputs[0].text)


def compare(before: str, after: str, report: str) -> None:
    with open(before) as first, open(after) as second:
        summary = {"before": json.load(first), "after": json.load(second)}
    if report:
        with open(report, "w") as handle:
            json.dump(summary, handle)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--model-dir", required=True)
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--base-result", default=None)
    parser.add_argument("--profile-report", default=None)
    args = parser.parse_args()
    evaluate(args.model_dir, args.out_dir)
    if args.base_result and args.profile_report:
        found = glob.glob(os.path.join(args.out_dir, "**/*.json"), recursive=True)
        if found:
            compare(args.base_result, found[0], args.profile_report)
