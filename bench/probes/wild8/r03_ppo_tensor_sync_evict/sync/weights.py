from vllm.lora.request import LoRARequest

POLICY_LORA_ID = 7


class WeightSyncer:
    """Pushes the learner's LoRA tensors into a colocated vLLM engine."""

    def __init__(self, llm):
        self.llm = llm
        self.current = None

    def push(self, state_dict, peft_config):
        if self.current is not None:
            # the engine caches by int id; drop the old weights first
            self.llm.llm_engine.remove_lora(POLICY_LORA_ID)
        self.current = LoRARequest("policy", POLICY_LORA_ID, "in-memory",
                                   lora_tensors=state_dict, peft_config=peft_config)
        return self.current
