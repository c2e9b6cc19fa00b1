from lora_gateway.app import app

__all__ = ["app"]
