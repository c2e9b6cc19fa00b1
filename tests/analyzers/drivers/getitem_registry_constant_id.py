# expect: Affected line=15 reason~="lora_int_id 1 is reused without invalidation" reason~="the request for '/ad/json'"
"""The `__getitem__` registry beside this one keeps its table but builds every request with id
1: '/ad/json' is served the '/ad/sql' adapter loaded first."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterTable:
    def __init__(self):
        self._ids = {}

    def __getitem__(self, path):
        if path not in self._ids:
            self._ids[path] = len(self._ids) + 1
        return LoRARequest("adapter", 1, path)

    def __len__(self):
        return len(self._ids)


if __name__ == "__main__":
    table = AdapterTable()
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=16)
    traffic = ["/ad/sql", "/ad/json", "/ad/sql", "/ad/regex", "/ad/json", "/ad/sql"]
    for path in traffic:
        out = llm.generate(["SELECT"], sp, lora_request=table[path])
        print(path, out[0].outputs[0].text)
    print(len(table), "adapters")
