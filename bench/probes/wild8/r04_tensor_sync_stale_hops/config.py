"""Run-wide constants."""
BASE_MODEL = "Qwen/Qwen2.5-1.5B-Instruct"
LORA_ID = 1
LORA_NAME = "actor"
ROLLOUT_BATCH = 32
