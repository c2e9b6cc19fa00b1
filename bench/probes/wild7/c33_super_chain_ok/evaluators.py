import itertools

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class BaseEvaluator:
    def __init__(self, llm):
        self.llm = llm
        self._ids = itertools.count(1)

    def make_request(self, path):
        return LoRARequest(path.rsplit("/", 1)[-1], next(self._ids), path)


class LoggingEvaluator(BaseEvaluator):
    def __init__(self, llm, log):
        super().__init__(llm)
        self.log = log

    def make_request(self, path):
        req = super().make_request(path)
        self.log.append((req.lora_int_id, path))
        return req

    def run(self, path):
        return self.llm.generate(["Hello"], SamplingParams(max_tokens=8),
                                 lora_request=self.make_request(path))


if __name__ == "__main__":
    log = []
    ev = LoggingEvaluator(LLM("meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=2), log)
    for p in ("/ad/a", "/ad/b", "/ad/c"):
        ev.run(p)
    print(log)
