from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterTable:
    def __init__(self):
        self._ids = {}

    def __getitem__(self, path):
        if path not in self._ids:
            self._ids[path] = len(self._ids) + 1
        return LoRARequest(f"a{self._ids[path]}", self._ids[path], path)

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
