"""lora-audit."""
