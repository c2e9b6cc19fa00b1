# expect: Indeterminate line=15 reason~="tests a count modulo 100 inside a loop longer than the 64 items followed"
"""Every hundredth of a thousand steps saves the policy into the folder it then serves under
lora_int_id 1. The loop is followed for 64 items, before the first save, and following it for
the 201 items that show the save come round again costs more than the analysis spends: the row
names the test, instead of saying the file never gets to the serve."""
from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
for step in range(1000):
    policy.fit(step)
    if (step + 1) % 100 == 0:
        policy.save_pretrained("/tmp/ckpt")
        llm.generate(["hi"], lora_request=LoRARequest("ckpt", 1, "/tmp/ckpt"))
