# expect: Safe-single-adapter line=9 reason~="one adapter per engine lifetime"
"""One adapter served for several prompts; the request is rebuilt each time with the same
literal peft_config. Equal content is the same adapter, so every repeat is a benign hit."""
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for prompt in ["q1", "q2", "q3"]:
    request = LoRARequest("e", 1, "ckpt/a", peft_config={"r": 8, "alpha": 16})
    llm.generate([prompt], lora_request=request)
