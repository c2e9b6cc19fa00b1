"""Id helper with an optional shared state."""


def next_id(state: dict | None = None) -> int:
    state = state or {"n": 0}
    state["n"] += 1
    return state["n"]
