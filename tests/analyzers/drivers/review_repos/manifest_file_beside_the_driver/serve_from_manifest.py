"""Serves every adapter its manifest lists, under the id the manifest gives: the manifest in the
repository gives two adapters id 1, so the second is served the first one's weights (with a
manifest the run replaces, the ids are only known then)."""
import json
from pathlib import Path

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

MANIFEST = Path(__file__).with_name("adapters.json")


def load_requests():
    entries = json.loads(MANIFEST.read_text())
    return [LoRARequest(e["name"], e["id"], e["path"]) for e in entries]


def main():
    llm = LLM("base", enable_lora=True, max_loras=2)
    for request in load_requests():
        llm.generate(["Hello!"], SamplingParams(), lora_request=request)


if __name__ == "__main__":
    main()
