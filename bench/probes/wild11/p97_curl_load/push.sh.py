"""Hot-swap adapters on a running vLLM server with curl."""
import json
import subprocess
import sys

URL = "http://inference:8000"

if __name__ == "__main__":
    for ckpt in sys.argv[1:]:
        body = json.dumps({"lora_name": "assistant", "lora_path": ckpt})
        subprocess.run(["curl", "-s", "-X", "POST", f"{URL}/v1/load_lora_adapter", "-H", "Content-Type: application/json", "-d", body], check=True)
        subprocess.run(["curl", "-s", f"{URL}/v1/completions", "-H", "Content-Type: application/json", "-d", json.dumps({"model": "assistant", "prompt": "hi"})], check=True)
