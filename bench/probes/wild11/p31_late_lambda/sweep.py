"""Build request factories for each checkpoint first, run them afterwards."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    factories = []
    for i, ckpt in enumerate(sys.argv[1:]):
        factories.append(lambda ckpt=ckpt: LoRARequest(f"c{i}", i + 1, ckpt))
    for make in factories:
        req = make()
        print(req.lora_path, llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req))


if __name__ == "__main__":
    main()
