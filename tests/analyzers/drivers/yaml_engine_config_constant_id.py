# expect: Affected
import yaml
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
cfg = yaml.safe_load(open("engine.yaml"))
llm = LLM(**cfg)
for p in ["a", "b", "c"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, p))
