import requests


class WeightPusher:
    def __init__(self, server: str, sync_dir: str):
        self.server = server.rstrip("/")
        self.sync_dir = sync_dir

    def push(self, model) -> int:
        # overwrite the shared folder, then tell the server to pick it up
        model.save_pretrained(self.sync_dir)
        r = requests.post(f"{self.server}/update_weights", json={"adapter_path": self.sync_dir}, timeout=60)
        r.raise_for_status()
        return r.json()["version"]
