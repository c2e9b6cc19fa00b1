# expect: Safe-fresh-process line=16 reason~="only in separate processes"
"""A new actor per checkpoint: each has its own process and an empty cache."""
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
        evaluator = Evaluator.options(num_gpus=1).remote("base")
        print(ckpt, ray.get(evaluator.score.remote(ckpt)))


if __name__ == "__main__":
    main()
