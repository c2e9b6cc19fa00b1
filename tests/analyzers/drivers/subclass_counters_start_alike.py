# expect: Affected line=16 reason~="the request for 'adapters/code'" reason~="is served 'adapters/math'"
"""type(self).next_id += 1 gives each subclass its own counter, and both start from the base class 1."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class BaseEval:
    next_id = 1

    def __init__(self, llm):
        self.llm = llm

    def run(self, path):
        lid = type(self).next_id
        type(self).next_id += 1
        return self.llm.generate(["Q"], SamplingParams(max_tokens=8), lora_request=LoRARequest(path, lid, path))


class MathEval(BaseEval):
    pass


class CodeEval(BaseEval):
    pass


def main():
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True)
    MathEval(llm).run("adapters/math")
    CodeEval(llm).run("adapters/code")


if __name__ == "__main__":
    main()
