from .constants import LORA_ID, LORA_NAME, PLACEHOLDER_PATH
from .requests import InMemoryLoRARequest
