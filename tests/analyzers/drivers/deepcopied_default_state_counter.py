# expect: Affected line=20 reason~="lora_int_id 1 is reused without invalidation" reason~="the request for '/ck/b'"
"""Each request gets a session whose id counter is a deep copy of a default state: the increment
changes the copy only, so every session starts at id 1 and '/ck/b' is served '/ck/a'."""
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
