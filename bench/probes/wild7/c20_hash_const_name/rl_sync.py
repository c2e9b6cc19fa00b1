from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class PolicySync:
    def __init__(self, name="policy", buckets=10_000):
        self.name = name
        self.buckets = buckets

    def lora_id(self):
        # stable-ish id derived from the adapter name
        return abs(hash(self.name)) % self.buckets + 1

    def request(self, step):
        return LoRARequest(self.name, self.lora_id(), f"/rl/{self.name}/step_{step}")


def main():
    llm = LLM("Qwen/Qwen2.5-1.5B-Instruct", enable_lora=True)
    sync = PolicySync()
    sp = SamplingParams(n=4, max_tokens=128)
    for step in range(0, 300, 100):
        outs = llm.generate(["Prove that 1+1=2."], sp, lora_request=sync.request(step))
        print(step, len(outs))


if __name__ == "__main__":
    main()
