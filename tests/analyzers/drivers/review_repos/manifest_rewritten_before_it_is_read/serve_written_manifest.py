"""The manifest beside the driver is rewritten by the run before it is read: what the repository
holds is not what is served, so the ids stay known only at run time."""
import json
import sys
from pathlib import Path

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

MANIFEST = Path(__file__).with_name("adapters.json")


def main():
    MANIFEST.write_text(json.dumps(json.load(open(sys.argv[1]))))
    entries = json.loads(MANIFEST.read_text())
    llm = LLM("base", enable_lora=True, max_loras=2)
    for e in entries:
        request = LoRARequest(e["name"], e["id"], e["path"])
        llm.generate(["Hello!"], SamplingParams(), lora_request=request)


if __name__ == "__main__":
    main()
