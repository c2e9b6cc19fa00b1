# why: the class attribute is bumped through the class (Adapter._next_id += 1), so each instance gets a new id
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Adapter:
    _next_id = 1

    def __init__(self, path):
        self.path = path
        self.lora_id = Adapter._next_id
        Adapter._next_id += 1

    def request(self):
        return LoRARequest(f"adapter-{self.lora_id}", self.lora_id, self.path)


def main():
    llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=4)
    for path in ["/ckpt/s100", "/ckpt/s200", "/ckpt/s300"]:
        a = Adapter(path)
        out = llm.generate(["Hello"], SamplingParams(max_tokens=8), lora_request=a.request())
        print(path, out[0].outputs[0].text)


main()
