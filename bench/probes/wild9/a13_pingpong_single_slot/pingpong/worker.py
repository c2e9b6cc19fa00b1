from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from .settings import ENGINE_KWARGS, MODEL
from .swap import Buffer


class RolloutWorker:
    def __init__(self):
        self.llm = LLM(model=MODEL, **ENGINE_KWARGS)
        self.sp = SamplingParams(n=4, temperature=0.7, max_tokens=200)

    def sample(self, buf: Buffer, prompts):
        req = LoRARequest(buf.name, buf.lora_id, buf.path)
        outs = self.llm.generate(prompts, self.sp, lora_request=req, use_tqdm=False)
        return [[c.text for c in o.outputs] for o in outs]
