# expect: Indeterminate line=13 reason~="the lora_request served" reason~="is payload['lora_request'], which the analysis cannot follow"
"""A small server forwards whatever request a client sends to one engine: the request comes from
the payload, so which ids and paths meet cannot be known."""
from vllm import LLM, SamplingParams


class Server:
    def __init__(self) -> None:
        self.llm = LLM(model="base", enable_lora=True, max_loras=4)

    def handle(self, payload: dict) -> str:
        request = payload["lora_request"]
        outputs = self.llm.generate([payload["prompt"]], SamplingParams(), lora_request=request)
        return outputs[0].outputs[0].text
