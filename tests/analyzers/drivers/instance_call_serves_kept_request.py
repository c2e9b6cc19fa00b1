# expect: Affected line=14 reason~="the request for 'exp/ck-2'" reason~="is served 'exp/ck-1'"
"""Calling the wrapper runs its __call__, which serves the request set_adapter keeps, always under id 1."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class ServeWrapper:
    def __init__(self, model):
        self.llm = LLM(model, enable_lora=True, max_lora_rank=32)
        self.lora_id = 1
        self.req = None

    def set_adapter(self, path):
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
