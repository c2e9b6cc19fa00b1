# expect: Safe-single-adapter line=8 reason~="one adapter per engine lifetime (lora_int_id 1, '/adapters/pinned')"
"""The handler only logs; whatever the download does, one folder is served."""
import logging
from huggingface_hub import snapshot_download
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="base", enable_lora=True)
llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("main", 1, "/adapters/pinned"))
try:
    snapshot_download("org/adapter")
except OSError:
    logging.warning("could not refresh the adapter index")
llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("main", 1, "/adapters/pinned"))
