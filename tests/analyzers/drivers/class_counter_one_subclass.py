# expect: Safe-distinct-id line=16 reason~="2 distinct ids"
"""One subclass counts for both adapters: ids 1 and 2."""
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
    MathEval(llm).run("adapters/code")


if __name__ == "__main__":
    main()
