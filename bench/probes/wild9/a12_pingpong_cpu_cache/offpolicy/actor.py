from dataclasses import asdict

from vllm import LLM, SamplingParams

from .buffers import SlotBuffers
from .config import RunConfig


class Actor:
    def __init__(self, cfg: RunConfig, buffers: SlotBuffers):
        self.buffers = buffers
        self.llm = LLM(model=cfg.model, enable_lora=True, **asdict(cfg.engine))
        self.params = SamplingParams(temperature=1.0, max_tokens=320)

    def act(self, step: int, prompts):
        req = self.buffers.request(step)
        outs = self.llm.generate(prompts, self.params, lora_request=req, use_tqdm=False)
        return [(o.prompt, o.outputs[0].text, step) for o in outs]
