# expect: Affected line=16 reason~="the request for 'runs/a/checkpoint-200'"
"""get_if_exists=True hands every iteration the live named actor: one engine sees id 1 for three checkpoints."""
import ray
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["runs/a/checkpoint-100", "runs/a/checkpoint-200", "runs/a/checkpoint-300"]


@ray.remote
class Evaluator:
    def __init__(self, base):
        self.llm = LLM(model=base, enable_lora=True)

    def score(self, ckpt):
        out = self.llm.generate(["Q"], SamplingParams(max_tokens=8), lora_request=LoRARequest("ckpt", 1, ckpt))
        return out[0].outputs[0].text


def main():
    ray.init()
    for ckpt in CKPTS:
        evaluator = Evaluator.options(name="evaluator", get_if_exists=True).remote("base")
        print(ckpt, ray.get(evaluator.score.remote(ckpt)))


if __name__ == "__main__":
    main()
