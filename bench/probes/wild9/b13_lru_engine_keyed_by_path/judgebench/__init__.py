from judgebench.engines import engine_for

__all__ = ["engine_for"]
