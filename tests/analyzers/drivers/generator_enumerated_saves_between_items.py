# expect: Affected line=22 reason~="may be rewritten by a generator the run iterates"
"""The same generator consumed through `enumerate(...)`: its body runs when the loop starts,
and the folder it writes is taken to change between any two of the loop's serves, as a
started thread's write may, so the second serve under lora_int_id 1 is stale."""
import sys

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)


def rounds():
    for batch in sys.argv[1:]:
        policy.fit(batch)
        policy.save_pretrained("/tmp/live")
        yield "/tmp/live"


for _, folder in enumerate(rounds()):
    llm.generate(["hi"], lora_request=LoRARequest("live", 1, folder))
