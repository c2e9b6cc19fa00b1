from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest as LR

llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True)
sp = SamplingParams(max_tokens=8)
for ck in ["/ck/1", "/ck/2"]:
    print(ck, llm.generate(["x"], sp, lora_request=LR("q", 1, ck))[0].outputs[0].text)
