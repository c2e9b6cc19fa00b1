# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_loras=4)
for epoch in range(2):
    ckpts = [f"run/epoch{epoch}/ck{k}" for k in range(3)]
    for i, ck in enumerate(ckpts):
        llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"c{i}", i + 1, ck))
