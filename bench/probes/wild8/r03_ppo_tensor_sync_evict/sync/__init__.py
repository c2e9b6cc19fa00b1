from .weights import WeightSyncer, POLICY_LORA_ID
