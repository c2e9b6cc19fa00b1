from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterSlot:
    taken = []  # shared by every slot on purpose: one id space per process

    def __init__(self, path):
        self.path = path
        self.lora_id = len(self.taken) + 1
        self.taken.append(self.lora_id)

    def request(self):
        return LoRARequest(f"slot{self.lora_id}", self.lora_id, self.path)


if __name__ == "__main__":
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=8)
    for p in ["/ad/x", "/ad/y", "/ad/z"]:
        print(p, llm.generate(["x"], sp, lora_request=AdapterSlot(p).request())[0].outputs[0].text)
