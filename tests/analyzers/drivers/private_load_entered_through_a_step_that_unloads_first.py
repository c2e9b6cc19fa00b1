# expect: Safe-distinct-id line=17 reason~="unloaded before it is loaded again" reason~="no run of the file reaches Trainer.step()"
"""A trainer's private helpers post to vLLM's server: `_unload(name)` to the unload route,
`_load(path, name)` to the load route. Its public `step()` saves the adapter, unloads the name,
then loads it again, so every load gets a fresh id from the server. The helpers are used only
through `step()`: run on their own, twice, `_load` would load one name twice with nothing
between (an Indeterminate that no caller can produce)."""
import requests


class Trainer:
    def __init__(self, url, adapter_dir, name):
        self.url = url
        self.adapter_dir = adapter_dir
        self.name = name

    def _load(self, path, name):
        reply = requests.post(f"{self.url}/v1/load_lora_adapter", json={"lora_name": name, "lora_path": path})
        return reply.ok

    def _unload(self, name):
        requests.post(f"{self.url}/v1/unload_lora_adapter", json={"lora_name": name})

    def step(self, model, prompts):
        model.save_pretrained(self.adapter_dir)
        self._unload(self.name)
        self._load(self.adapter_dir, self.name)
        body = {"model": self.name, "prompt": prompts}
        return requests.post(f"{self.url}/v1/completions", json=body).json()
