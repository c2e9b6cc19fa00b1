"""Score one adapter on the prompt panel. Run once per adapter (see run_panels.py)."""

from __future__ import annotations

import argparse
import json

from vllm import SamplingParams
from vllm.lora.request import LoRARequest

from stale_serve.engine import build_engine
from stale_serve.prompts import PANEL

parser = argparse.ArgumentParser()
parser.add_argument("--adapter", required=True, help="folder with adapter_model.safetensors")
parser.add_argument("--samples", type=int, default=3)
parser.add_argument("--out", required=True)
args = parser.parse_args()

llm = build_engine()
adapter = LoRARequest("panel", 1, args.adapter)
results = []
for sample in range(args.samples):
    outputs = llm.generate(PANEL, SamplingParams(temperature=0.7, seed=sample), lora_request=adapter)
    results.append([o.outputs[0].text for o in outputs])

with open(args.out, "w") as handle:
    json.dump({"adapter": args.adapter, "samples": results}, handle)
