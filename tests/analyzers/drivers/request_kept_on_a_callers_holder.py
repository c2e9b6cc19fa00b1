# expect: Indeterminate line=10 reason~="a caller that passes the same engine for a second adapter is served the first one"
"""A request built once per holder object and kept on it. A caller that passes the same holder
again reuses it (benign), but two holders may share one engine (`holder.llm`), and then id 1
names two folders: another holder is not another engine."""
from vllm.lora.request import LoRARequest


def generate_for(holder, prompts):
    if not hasattr(holder, "_request"):
        holder._request = LoRARequest("policy", 1, holder.adapter_dir)
    return holder.llm.generate(prompts, lora_request=holder._request)
