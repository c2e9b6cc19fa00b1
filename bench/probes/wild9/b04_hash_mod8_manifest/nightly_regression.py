"""Nightly regression: every adapter in the zoo answers its golden prompts."""

import json
import sys
from pathlib import Path

from vllm import LLM, SamplingParams

from zoo import load_registry, lora_request_for
from zoo.registry import NUM_SLOTS

GOLDEN_DIR = Path("golden")


def main() -> int:
    base, entries = load_registry()
    llm = LLM(
        model=base,
        enable_lora=True,
        max_loras=NUM_SLOTS,
        max_cpu_loras=2 * NUM_SLOTS,
        max_lora_rank=64,
    )
    sp = SamplingParams(temperature=0.0, max_tokens=256)
    failures = []
    for entry in entries:
        golden = json.loads((GOLDEN_DIR / f"{entry.name}.json").read_text())
        outs = llm.generate([g["prompt"] for g in golden], sp,
                            lora_request=lora_request_for(entry))
        for g, o in zip(golden, outs):
            if g["expected"] not in o.outputs[0].text:
                failures.append((entry.name, g["prompt"][:60]))
    print(f"{len(failures)} failures over {len(entries)} adapters")
    for name, prompt in failures:
        print(f"  [{name}] {prompt}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
