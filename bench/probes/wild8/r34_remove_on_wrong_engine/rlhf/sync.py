from vllm.lora.request import LoRARequest

POLICY_ID = 1
POLICY_DIR = "/scratch/rlhf/policy"


def refresh_adapter(engine, model):
    """Write the policy adapter and evict the cached copy on `engine`."""
    model.save_pretrained(POLICY_DIR)
    engine.llm_engine.remove_lora(POLICY_ID)
    return LoRARequest("policy", POLICY_ID, POLICY_DIR)
