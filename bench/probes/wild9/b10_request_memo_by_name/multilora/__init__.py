from multilora.server import MultiLoraServer

__all__ = ["MultiLoraServer"]
