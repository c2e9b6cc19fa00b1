"""Cross-epoch sweep: score all 16 epochs, then re-score 6 epochs from the re-run with new seeds.

The re-run reuses the epoch ids 1..6, but with one adapter slot the earlier epoch was evicted
long before its id comes back, so every request reads its own folder.
"""

from __future__ import annotations

import argparse

from vllm import SamplingParams
from vllm.lora.request import LoRARequest

from stale_serve.engine import build_engine
from stale_serve.prompts import PANEL

N_EPOCHS = 16
RERUN_EPOCHS = range(6)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sweep-dir", default="sweep")
    args = parser.parse_args()

    llm = build_engine(max_loras=1)  # one adapter slot: each epoch evicts the one before
    params = SamplingParams(temperature=0.0, max_tokens=128)

    for epoch in range(N_EPOCHS):
        request = LoRARequest(f"epoch-{epoch}", epoch + 1, f"{args.sweep_dir}/epoch_{epoch}")
        llm.generate(PANEL, params, lora_request=request)

    # Second pass over the re-trained epochs (different seed, same epoch numbering).
    for epoch in RERUN_EPOCHS:
        request = LoRARequest(f"epoch-{epoch}-rerun", epoch + 1, f"{args.sweep_dir}/epoch_{epoch}_rerun")
        llm.generate(PANEL, params, lora_request=request)


if __name__ == "__main__":
    main()
