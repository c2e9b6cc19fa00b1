import json
import sys

from omegaconf import OmegaConf

from dpo import run_iterations


def judge(text: str) -> float:
    return len(set(text.split())) - 0.1 * len(text.split())


if __name__ == "__main__":
    cfg = OmegaConf.load(sys.argv[1] if len(sys.argv) > 1 else "config.yaml")
    prompts = [json.loads(l)["prompt"] for l in open("data/prompts.jsonl")]
    run_iterations(cfg, prompts, judge)
