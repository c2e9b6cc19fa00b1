import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterRouter:
    def __init__(self):
        self.ids = {}

    def request(self, name, path):
        lora_id = self.ids.setdefault(name, len(self.ids) + 1)
        return LoRARequest(name, lora_id, path)


def main():
    llm = LLM("Qwen/Qwen2.5-3B-Instruct", enable_lora=True, max_loras=4, max_cpu_loras=8)
    router = AdapterRouter()
    sp = SamplingParams(max_tokens=64)
    for version in range(1, 4):
        path = os.path.join("/exports/policy", f"v{version}")
        out = llm.generate(["ping"], sp, lora_request=router.request("policy", path))
        print(version, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
