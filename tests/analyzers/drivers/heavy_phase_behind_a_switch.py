# expect: Affected line=36 reason~="is reused without invalidation"
"""A heavy preparation phase behind a switch, after four unrelated flags: the first run spends its
step budget inside the phase, so the next tries the other side of the switch that entered it
(skipping the phase) before the flags, and reaches the loop that serves every step under id 1."""
import argparse
import os

from vllm import LLM
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--skip-prep", action="store_true")
parser.add_argument("--verbose", action="store_true")
args = parser.parse_args()


def prepare():
    kept = []
    for i in range(60):
        for j in range(60):
            if os.environ.get(f"KEEP_{i}_{j}"):
                for k in range(40):
                    kept.append(str(i * j + k).zfill(8))
    return kept


for flag in ("A", "B", "C", "D"):
    if os.environ.get(f"FLAG_{flag}"):
        print(flag)
if not os.environ.get("SKIP_PREP"):
    prepare()
if args.verbose:
    print("serving")
llm = LLM(model="base", enable_lora=True)
for step in range(3):
    llm.generate(["q"], lora_request=LoRARequest("policy", 1, f"/ckpt/{step}"))
