# expect: No-realized-run line=12 reason~="LoRARequest objects are built" reason~="but no engine is ever asked to serve them"
"""Writes the adapter manifest a serving job reads later; the requests are built only to be
serialised, and no engine here serves them."""
import json

from vllm.lora.request import LoRARequest

ADAPTERS = ["adapters/a", "adapters/b", "adapters/a-retrained"]


def build_manifest(path: str) -> None:
    requests = [LoRARequest(f"adapter-{i}", 1, adapter) for i, adapter in enumerate(ADAPTERS)]
    with open(path, "w") as handle:
        json.dump([{"name": r.lora_name, "id": r.lora_int_id, "path": r.lora_path} for r in requests], handle)


if __name__ == "__main__":
    build_manifest("manifest.json")
