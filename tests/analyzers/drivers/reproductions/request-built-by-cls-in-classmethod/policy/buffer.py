from collections import deque


class ReplayBuffer:
    def __init__(self, capacity: int = 4096, max_staleness: int = 2):
        self.items = deque(maxlen=capacity)
        self.max_staleness = max_staleness

    def extend(self, trajectories):
        self.items.extend(trajectories)

    def sample(self, current_version: int, n: int):
        fresh = [t for t in self.items if current_version - t["version"] <= self.max_staleness]
        return fresh[-n:]
