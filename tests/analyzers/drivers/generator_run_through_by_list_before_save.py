# expect: Safe-single-adapter line=16 reason~="a repeat can only be a benign cache hit"
"""Every item of the evaluation generator is taken by `list()` where it is made, before the
trainer saves into the served folder; nothing is served after the save. (A generator taken a
piece at a time would be served after it.)"""

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


def evaluate(prompts):
    for prompt in prompts:
        yield llm.generate(
            [prompt], lora_request=LoRARequest("live", 1, "/tmp/live")
        )


scores = list(evaluate(["a", "b"]))
answers = [out for out in (llm.generate([p], lora_request=LoRARequest("live", 1, "/tmp/live")) for p in "cd")]
policy.fit(scores, answers)
policy.save_pretrained("/tmp/live")
