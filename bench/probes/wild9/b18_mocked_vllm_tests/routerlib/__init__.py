from routerlib.routing import pick_adapter, AdapterRoute

__all__ = ["pick_adapter", "AdapterRoute"]
