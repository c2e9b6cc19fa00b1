import os
import zlib

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ROOT = os.environ.get("ADAPTER_ROOT", "/adapters")


def stable_id(path: str) -> int:
    return (zlib.crc32(path.encode("utf-8")) & 0x7FFFFFFF) or 1


def main():
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True, max_loras=4)
    sp = SamplingParams(max_tokens=64)
    for name in sorted(os.listdir(ROOT)):
        path = os.path.join(ROOT, name)
        out = llm.generate(["Hello"], sp, lora_request=LoRARequest(name, stable_id(path), path))
        print(name, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
