# expect: Affected line=14 reason~="raising into its `except`" reason~="the request for '/adapters/fallback'"
"""If the download raises, the fallback folder is served under id 1, which already holds the pinned one."""
from huggingface_hub import snapshot_download
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="base", enable_lora=True)
path = "/adapters/pinned"
llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("main", 1, path))
try:
    path = snapshot_download("org/adapter")
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("main", 2, path))
except OSError:
    path = "/adapters/fallback"
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("main", 1, path))
