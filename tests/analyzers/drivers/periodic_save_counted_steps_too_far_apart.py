# expect: Indeterminate line=14 reason~="tests a count modulo 500 inside a loop of unknown length"
"""The loop of `periodic_save_counted_steps.py`, sampling every five hundred steps (enumerate's
index): following the loop until the test comes round is more than the analysis affords, so it
says that what a longer run does there again is not known, instead of calling the one sample it
saw the only one."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
for index, batch in enumerate(sys.argv[1:]):
    if index % 500 == 0:
        llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
    train_on(batch, save_to="/tmp/live")
