# expect: Affected line=14 reason~="'/tmp/live' is rewritten"
"""`itertools.islice(rollouts(), 5)` takes five items of an endless rollout generator that serves
the live folder under lora_int_id 1; the loop saves into that folder after each item, between
the generator's serves."""
import itertools
from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest
llm = LLM(model="m", enable_lora=True)


def rollouts():
    while True:
        yield llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))


for out in itertools.islice(rollouts(), 5):
    policy.fit(out)
    policy.save_pretrained("/tmp/live")
