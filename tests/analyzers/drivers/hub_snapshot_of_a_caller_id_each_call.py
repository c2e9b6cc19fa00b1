# expect: Affected line=24 reason~="is reused without invalidation"
"""The same download, but of an adapter the caller names on each call: two calls with two
adapters ask for two folders under one lora_int_id, and the second is served the first."""
from pathlib import Path

from huggingface_hub import snapshot_download
from vllm import LLM
from vllm.lora.request import LoRARequest


def adapter_id_to_path(adapter_id: str) -> Path:
    path = adapter_id.split("/")
    repo_path = Path(snapshot_download(repo_id="/".join(path[:2])))
    return repo_path / "/".join(path[2:])


class Method:
    def __init__(self, cfg):
        self.cfg = cfg
        self.llm = LLM(model="base", enable_lora=True)

    def generate(self, prompts, adapter_id):
        folder = str(adapter_id_to_path(adapter_id))
        request = LoRARequest("ft", 1, folder)
        return self.llm.generate(prompts, lora_request=request)
