"""Read-only view of the league published by the league-manager service.

The manager (a separate deployment) rewrites `league.json` whenever it admits a new snapshot:
    {"agents": [{"name": "main_v12", "lora_id": 12, "path": "/league/snapshots/main_v12", "elo": 1310.5}, ...]}
"""

import json
import os
import random
from typing import Dict, List

from vllm.lora.request import LoRARequest


class LeagueView:
    def __init__(self, manifest_path: str):
        self.manifest_path = manifest_path
        self._mtime = None
        self.agents: List[dict] = []
        self.requests: Dict[str, LoRARequest] = {}

    def refresh(self) -> bool:
        mtime = os.path.getmtime(self.manifest_path)
        if mtime == self._mtime:
            return False
        with open(self.manifest_path) as f:
            self.agents = json.load(f)["agents"]
        self.requests = {
            a["name"]: LoRARequest(lora_name=a["name"], lora_int_id=int(a["lora_id"]), lora_path=a["path"])
            for a in self.agents
        }
        self._mtime = mtime
        return True

    def main_agent(self) -> LoRARequest:
        best = max(self.agents, key=lambda a: int(a["name"].rsplit("_v", 1)[-1]) if "_v" in a["name"] else -1)
        return self.requests[best["name"]]

    def sample_opponent(self, rng: random.Random) -> LoRARequest:
        weights = [max(a.get("elo", 1000.0) - 800.0, 1.0) for a in self.agents]
        pick = rng.choices(self.agents, weights=weights, k=1)[0]
        return self.requests[pick["name"]]
