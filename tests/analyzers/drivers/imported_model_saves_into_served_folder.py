# expect: Affected line=16 reason~="'/tmp/live' is rewritten"
"""The model comes from a module of another package (`from trainer import model`); each round
trains it, saves it into one folder and serves that folder under lora_int_id 1. Saving on an
object the analysis cannot see into still writes the folder: every serve after the first gets
the first round's weights."""
import sys

from trainer import model
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
for batch in sys.argv[1:]:
    model.fit(batch)
    model.save_pretrained("/tmp/live")
    llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
