from vllm import SamplingParams
from vllm.lora.request import LoRARequest


def generate_with_adapter(llm, prompts, path, lora_id=1):
    """Convenience wrapper kept for notebooks; the CLI serves the base model only."""
    req = LoRARequest("adhoc", lora_id, path)
    return llm.generate(prompts, SamplingParams(max_tokens=64), lora_request=req)
