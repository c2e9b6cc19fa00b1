# expect: Safe-single-adapter line=15 reason~="one adapter per engine lifetime"
"""The same learner object, made with the folder served under lora_int_id 1, is only asked to
`evaluate()` and `log_metrics()` between serves: no method whose name says it writes is called,
so nothing rewrites the folder and each repeat is a benign cache hit."""
from trainer import Learner
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
learner = Learner(out_dir="/tmp/adapter")
for r in range(5):
    learner.evaluate()
    learner.log_metrics()
    print(
        llm.generate(["hi"], lora_request=LoRARequest("a", 1, "/tmp/adapter"))
    )
