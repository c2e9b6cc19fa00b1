# expect: Indeterminate
import yaml
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
cfg = yaml.safe_load(open("engine.yaml"))
llm = LLM(**cfg)
for i, p in enumerate(["a", "b", "c", "d"]):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"n{i}", i % 2 + 1, p))
