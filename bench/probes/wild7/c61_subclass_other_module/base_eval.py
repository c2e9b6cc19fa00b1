from vllm import SamplingParams
from vllm.lora.request import LoRARequest


class Evaluator:
    def __init__(self, llm):
        self.llm = llm

    def lora_id(self, index):
        return index + 1

    def run(self, paths, prompts):
        sp = SamplingParams(max_tokens=64, temperature=0)
        results = {}
        for i, path in enumerate(paths):
            req = LoRARequest(f"c{i}", self.lora_id(i), path)
            results[path] = self.llm.generate(prompts, sp, lora_request=req)
        return results
