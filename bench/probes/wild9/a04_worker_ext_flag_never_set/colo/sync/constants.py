LORA_ID = 7
LORA_NAME = "policy"
PLACEHOLDER_PATH = "/nonexistent/in-memory-lora"
