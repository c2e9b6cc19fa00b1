from .admin import reload_adapter, chat
