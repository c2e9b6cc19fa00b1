from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class CheckpointEval:
    engine = None

    def __init__(self, path):
        self.path = path
        if CheckpointEval.engine is None:
            CheckpointEval.engine = LLM("meta-llama/Llama-3.2-1B", enable_lora=True)
        self.llm = CheckpointEval.engine

    def run(self):
        req = LoRARequest("ck", 1, self.path)
        return self.llm.generate(["x"], SamplingParams(max_tokens=8), lora_request=req)


if __name__ == "__main__":
    for p in ["/ck/a", "/ck/b", "/ck/c"]:
        print(p, CheckpointEval(p).run()[0].outputs[0].text)
