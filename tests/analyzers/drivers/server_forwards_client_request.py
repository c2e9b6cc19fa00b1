# expect: Indeterminate
"""A small server that forwards whatever adapter a client asks for to one engine."""
from vllm import LLM, SamplingParams


class Server:
    def __init__(self) -> None:
        self.llm = LLM(model="base", enable_lora=True, max_loras=4)

    def handle(self, payload: dict) -> str:
        request = payload["lora_request"]
        outputs = self.llm.generate([payload["prompt"]], SamplingParams(), lora_request=request)
        return outputs[0].outputs[0].text
