# expect: Affected line=14 reason~="'/tmp/live' is rewritten at iterator_next_method_serves_between_consumer_saves.py:33"
"""A rollout iterator written as a class: `__iter__` returns the object and `__next__` serves
the live folder under lora_int_id 1 for each item. The loop calls `__next__` as it takes each
item, after the save of the item before, so from the second item on vLLM serves the weights it
cached at the first."""
from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


def serve():
    return llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))


class Rollouts:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n == 0:
            raise StopIteration
        self.n -= 1
        return serve()


for out in Rollouts(3):
    policy.fit(out)
    policy.save_pretrained("/tmp/live")