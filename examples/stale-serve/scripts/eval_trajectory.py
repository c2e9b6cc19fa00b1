"""Learning-curve evaluation: score every checkpoint of the fine-tuning-fraction run.

This is the script behind Figure 3. It loads the engine once (loading an 8B model takes two
minutes) and swaps adapters by building a new LoRARequest per checkpoint.
"""

from __future__ import annotations

import argparse
import json
import os

from vllm import SamplingParams
from vllm.lora.request import LoRARequest

from stale_serve.engine import build_engine
from stale_serve.prompts import load_prompts

FRACTIONS = ["0.08", "0.16", "0.33", "0.5", "0.66", "1.0"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--run-dir", default="checkpoints")
    parser.add_argument("--prompts", default=None, help="JSON Lines with a 'prompt' field")
    parser.add_argument("--out", default="results/trajectory.json")
    args = parser.parse_args()

    prompts = load_prompts(args.prompts)
    llm = build_engine()
    params = SamplingParams(temperature=0.0, max_tokens=256)
    scores = {}
    for fraction in FRACTIONS:
        checkpoint = os.path.join(args.run_dir, f"frac_{fraction}")
        # One adapter at a time, so the id never collides with another adapter... or so we thought.
        adapter = LoRARequest("trajectory", 1, checkpoint)
        outputs = llm.generate(prompts, params, lora_request=adapter)
        scores[fraction] = [o.outputs[0].text for o in outputs]
        print(f"{fraction}: {len(outputs)} completions")

    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as handle:
        json.dump(scores, handle, indent=2)


if __name__ == "__main__":
    main()
