# expect: Affected line=17 reason~="'/tmp/adapter' is rewritten" reason~="export()"
"""A learner object from code the analysis cannot see is made with the folder it exports to;
each round it trains and then `export()`s, with no folder named in the call, and the folder is
served under lora_int_id 1. A method whose name says it writes may write into the folders its
object was made from: vLLM keeps the first round's weights."""
from trainer import Learner
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
learner = Learner(out_dir="/tmp/adapter")
for r in range(5):
    learner.step()
    learner.export()
    print(
        llm.generate(
            ["hi"], lora_request=LoRARequest("a", 1, "/tmp/adapter")
        )
    )
