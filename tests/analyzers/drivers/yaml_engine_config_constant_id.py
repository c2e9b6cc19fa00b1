# expect: Affected line=10 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="2 of 3 requests are stale"
"""Engine arguments come from YAML (cache size unknown), but the id is the constant 1: stale at any
cache size."""
import yaml
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
cfg = yaml.safe_load(open("engine.yaml"))
llm = LLM(**cfg)
for p in ["a", "b", "c"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, p))
