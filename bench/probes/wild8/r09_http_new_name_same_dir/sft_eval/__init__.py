from .server import register_adapter, ask
