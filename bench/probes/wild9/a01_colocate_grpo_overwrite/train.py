import argparse
import re

from datasets import load_dataset

from grpo import GRPOConfig, GRPOTrainer


def format_reward(prompt: str, completion: str) -> float:
    return 1.0 if re.search(r"<answer>.*</answer>", completion, re.S) else 0.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default=GRPOConfig.model_name)
    parser.add_argument("--output-dir", default="outputs/grpo")
    parser.add_argument("--max-steps", type=int, default=500)
    args = parser.parse_args()

    cfg = GRPOConfig(model_name=args.model, output_dir=args.output_dir, max_steps=args.max_steps)
    ds = load_dataset("openai/gsm8k", "main", split="train").rename_column("question", "prompt")
    GRPOTrainer(cfg, ds, format_reward).train()


if __name__ == "__main__":
    main()
