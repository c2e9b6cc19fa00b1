from vllm import LLM, SamplingParams

from sync import WeightSyncer


class PPORolloutWorker:
    def __init__(self, base):
        self.llm = LLM(model=base, enable_lora=True, max_lora_rank=8)
        self.syncer = WeightSyncer(self.llm)
        self.req = None
        self.sp = SamplingParams(max_tokens=128, temperature=1.0)

    def update(self, state_dict, peft_config):
        self.req = self.syncer.push(state_dict, peft_config)

    def generate(self, prompts):
        outs = self.llm.generate(prompts, self.sp, lora_request=self.req)
        return [o.outputs[0].text for o in outs]
