import logging

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

log = logging.getLogger(__name__)


class AdapterServer:
    def __init__(self, model):
        self.llm = LLM(model, enable_lora=True)

    def remove_lora(self, lora_id):
        # vLLM's LRU cache evicts on its own; just record the intent
        log.info("releasing adapter %d", lora_id)

    def generate(self, prompt, req):
        return self.llm.generate([prompt], SamplingParams(max_tokens=32), lora_request=req)


if __name__ == "__main__":
    srv = AdapterServer("meta-llama/Llama-3.2-1B")
    for path in ["/ad/v1", "/ad/v2"]:
        srv.remove_lora(1)
        print(path, srv.generate("x", LoRARequest("ad", 1, path))[0].outputs[0].text)
