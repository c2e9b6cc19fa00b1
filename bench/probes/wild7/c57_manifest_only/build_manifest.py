import dataclasses
import json
import sys

from vllm.lora.request import LoRARequest


def build(ckpts):
    # every checkpoint is served in slot 1 by the deploy job, one at a time
    return [LoRARequest(f"ck{i}", 1, path) for i, path in enumerate(ckpts)]


def main(out_file):
    reqs = build(["/ck/a", "/ck/b", "/ck/c"])
    rows = [{"name": r.lora_name, "id": r.lora_int_id, "path": r.lora_path} for r in reqs]
    with open(out_file, "w") as f:
        json.dump(rows, f, indent=2)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "manifest.json")
