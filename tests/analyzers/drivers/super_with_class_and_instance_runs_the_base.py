# expect: Affected line=15 reason~="lora_int_id 1 is reused"
"""`super(Runner, self).__init__()`, the two-argument form, runs the base class's `__init__`,
which makes the registry of ids by adapter name. Every checkpoint is served under the name
"policy", so it gets the id the first one got: lora_int_id 1 for each new folder."""
import sys
from vllm import LLM
from vllm.lora.request import LoRARequest


class Base:
    def __init__(self):
        self.ids = {}

    def lora(self, name, path):
        return LoRARequest(name, self.ids.setdefault(name, len(self.ids) + 1), path)


class Runner(Base):
    def __init__(self, model):
        super(Runner, self).__init__()
        self.llm = LLM(model=model, enable_lora=True, max_loras=2)

    def run(self, name, path):
        return self.llm.generate(["hi"], lora_request=self.lora(name, path))


r = Runner("m")
for ckpt in sys.argv[1:]:
    print(r.run("policy", ckpt))
