# expect: Safe-single-adapter line=25 reason~="one adapter per engine lifetime"
"""The adapter folder comes from a hub download named by the instance's own config: both calls
split, join and download the same `adapter_id`, so they ask for the same folder (a pure
function of the same value gives the same value), and the repeat is a benign cache hit."""
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

    def generate(self, prompts):
        folder = str(adapter_id_to_path(self.cfg.adapter_id))
        request = LoRARequest("ft", 1, folder)
        return self.llm.generate(prompts, lora_request=request)
