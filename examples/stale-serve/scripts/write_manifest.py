"""Write the adapter manifest the serving team loads; nothing is served from here."""

from __future__ import annotations

import argparse
import json

from vllm.lora.request import LoRARequest

RELEASE = {"math": "release/math-v3", "code": "release/code-v2", "chat": "release/chat-v7"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="manifest.json")
    args = parser.parse_args()
    requests = [LoRARequest(name, index + 1, path) for index, (name, path) in enumerate(RELEASE.items())]
    manifest = [{"name": r.lora_name, "id": r.lora_int_id, "path": r.lora_path} for r in requests]
    with open(args.out, "w") as handle:
        json.dump(manifest, handle, indent=2)


if __name__ == "__main__":
    main()
