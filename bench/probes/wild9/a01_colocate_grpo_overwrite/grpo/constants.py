POLICY_LORA_NAME = "grpo_policy"
POLICY_LORA_ID = 1
SYNC_SUBDIR = "rollout_adapter"
