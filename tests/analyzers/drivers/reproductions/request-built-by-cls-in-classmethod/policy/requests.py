from vllm.lora.request import LoRARequest

POLICY_NAME = "ppo_policy"
POLICY_SLOT_ID = 1


class PolicyLoRARequest(LoRARequest):
    """LoRARequest tagged with the learner version that produced the adapter.

    The tag travels with every trajectory so the replay buffer can drop samples that are
    more than `max_staleness` versions old.
    """

    policy_version: int = 0

    @classmethod
    def for_checkpoint(cls, path: str, version: int) -> "PolicyLoRARequest":
        return cls(
            lora_name=POLICY_NAME,
            lora_int_id=POLICY_SLOT_ID,
            lora_path=path,
            policy_version=version,
        )
