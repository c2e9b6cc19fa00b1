from vllm import LLM

from base_eval import Evaluator


class FastEvaluator(Evaluator):
    """Reuse one slot: we never need two adapters resident at once."""

    def lora_id(self, index):
        return 1


if __name__ == "__main__":
    llm = LLM("meta-llama/Llama-3.2-3B", enable_lora=True)
    res = FastEvaluator(llm).run(["/c/1", "/c/2", "/c/3"], ["Hello"])
    for path, outs in res.items():
        print(path, outs[0].outputs[0].text)
