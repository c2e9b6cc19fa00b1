import os

RUN_ROOT = os.path.join("/scratch", "reinforce")
LORA_INT_ID = 1
BASE = "Qwen/Qwen2.5-1.5B-Instruct"
