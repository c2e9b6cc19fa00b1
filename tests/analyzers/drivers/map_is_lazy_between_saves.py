# expect: Affected line=13 reason~="'/tmp/live' is rewritten"
"""`map` is lazy: the loop takes each served output only after the body saved the policy into
the served folder for the item before. So serve, save, serve: the second serve under
lora_int_id 1 gets the weights vLLM cached at the first, not the ones just saved."""
from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


def serve(step):
    return llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))


for out in map(serve, range(3)):
    policy.fit(out)
    policy.save_pretrained("/tmp/live")
