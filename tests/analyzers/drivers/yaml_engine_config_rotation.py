# expect: Indeterminate line=10 reason~="whether a repeated lora_int_id is stale depends on the cache size"
"""Engine arguments from YAML and two rotating ids: stale at a cache of two, safe at one, so the
unseen cache size decides."""
import yaml
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
cfg = yaml.safe_load(open("engine.yaml"))
llm = LLM(**cfg)
for i, p in enumerate(["a", "b", "c", "d"]):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"n{i}", i % 2 + 1, p))
