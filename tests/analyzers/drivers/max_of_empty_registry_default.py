# expect: Affected line=16 reason~="the request for 'ck/200'" reason~="is served 'ck/100'"
"""The registry is never written, so max(..., default=0) + 1 is 1 for every checkpoint."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterManager:
    def __init__(self, llm):
        self.llm = llm
        self.loaded = {}

    def next_id(self):
        return max(self.loaded.values(), default=0) + 1

    def serve(self, name, path):
        req = LoRARequest(name, self.next_id(), path)
        return self.llm.generate(["Q"], SamplingParams(max_tokens=8), lora_request=req)


def main():
    mgr = AdapterManager(LLM("meta-llama/Llama-3.2-1B", enable_lora=True))
    for i, ck in enumerate(["ck/100", "ck/200", "ck/300"]):
        mgr.serve(f"ck{i}", ck)


if __name__ == "__main__":
    main()
