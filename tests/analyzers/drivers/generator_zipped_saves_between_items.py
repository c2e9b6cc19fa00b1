# expect: Affected line=22 reason~="may be rewritten by a generator the run iterates"
"""The same generator zipped with a range: its body runs when the loop starts (only a loop
directly over a generator call takes its items as they are made), so the folder it writes is
taken to change between any two of the loop's serves, as a started thread's write may."""
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


for folder, _ in zip(rounds(), range(100)):
    llm.generate(["hi"], lora_request=LoRARequest("live", 1, folder))
