"""Compare the epochs of one SFT run; ids derived from a checksum of the path."""
import zlib

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

BASE = "/mnt/ckpt/sft-run"
PATHS = [f"{BASE}/epoch-{e}" for e in range(1, 9)]


def lora_id(path: str) -> int:
    return zlib.crc32(path.encode()) % 8 + 1


def main() -> None:
    llm = LLM(model="google/gemma-2-2b", enable_lora=True, max_loras=8)
    sp = SamplingParams(max_tokens=32)
    for p in PATHS:
        req = LoRARequest(p, lora_id(p), p)
        print(p, llm.generate(["Translate: bonjour"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
