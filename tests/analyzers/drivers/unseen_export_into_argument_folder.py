# expect: Affected line=17 reason~="only with export_weights() at unseen_export_into_argument_folder.py:16 writing into out"
"""`unseen_export_into_served_folder.py` with the folder given on the command line: an unknown
text handed to a function whose name says it writes may be the folder it writes into, and the
run serves that same folder under lora_int_id 1 after each export."""
import sys

from mylab.io import export_weights
from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
out = sys.argv[1]
for batch in sys.argv[2:]:
    policy.fit(batch)
    export_weights(policy, out)
    llm.generate(["hi"], lora_request=LoRARequest("live", 1, out))
