import copy

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

DEFAULT_STATE = {"next_lora_id": 1, "loaded": []}


class Session:
    def __init__(self):
        self.state = copy.deepcopy(DEFAULT_STATE)

    def allocate(self, path):
        lora_id = self.state["next_lora_id"]
        self.state["next_lora_id"] += 1
        self.state["loaded"].append(path)
        return LoRARequest(f"s{lora_id}", lora_id, path)


if __name__ == "__main__":
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=16)
    for path in ["/ck/a", "/ck/b", "/ck/c"]:
        session = Session()  # per-request session
        print(path, llm.generate(["x"], sp, lora_request=session.allocate(path))[0].outputs[0].text)
