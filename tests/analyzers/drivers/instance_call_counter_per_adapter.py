# expect: Safe-distinct-id line=15 reason~="2 distinct ids"
"""set_adapter counts the id up before each new folder; __call__ serves it."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class ServeWrapper:
    def __init__(self, model):
        self.llm = LLM(model, enable_lora=True, max_lora_rank=32)
        self.lora_id = 1
        self.req = None

    def set_adapter(self, path):
        self.lora_id += 1
        self.req = LoRARequest("served", self.lora_id, path)

    def __call__(self, prompt):
        return self.llm.generate([prompt], SamplingParams(max_tokens=32), lora_request=self.req)


def main():
    w = ServeWrapper("mistralai/Mistral-7B-Instruct-v0.2")
    for ck in ("exp/ck-1", "exp/ck-2"):
        w.set_adapter(ck)
        w("hello")


if __name__ == "__main__":
    main()
