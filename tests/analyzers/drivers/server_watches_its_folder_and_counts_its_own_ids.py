# expect: Safe-distinct-id line=20 reason~="distinct ids"
"""A wrapper handed a tokenizer keeps the folder it loaded last and takes a new id of its own
whenever the folder it is asked for is another: however the caller changes the tokenizer
between calls, each folder gets its own id."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class AdapterServer:
    def __init__(self, tokenizer):
        self.tokenizer = tokenizer
        self.llm = LLM(model="base", enable_lora=True)
        self.loaded = None
        self.next_id = 0

    def generate(self, messages, folder):
        if self.next_id == 0 or folder != self.loaded:
            self.next_id += 1
            self.loaded = folder
        request = LoRARequest(f"adapter-{self.next_id}", self.next_id, folder)
        prompt = self.tokenizer.apply_chat_template(messages, tokenize=False)
        return self.llm.generate([prompt], lora_request=request)
