# expect: Affected line=17 reason~="only with export_adapter() at unseen_export_into_served_folder.py:16 writing into '/tmp/live'"
"""Each round hands the policy and the served folder to `export_adapter()` of another package,
then serves the folder under lora_int_id 1. The analysis cannot see that function; its name says
it writes, so whether it writes into the folder is a condition of the world (the row names it),
never taken to be a no: with the write, every serve after the first gets the first weights."""
import sys

from mylab.io import export_adapter
from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
for batch in sys.argv[1:]:
    policy.fit(batch)
    export_adapter(policy, "/tmp/live")
    llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
