# expect: No-realized-run line=10 reason~="LoRARequest objects are built" reason~="but no engine is ever asked to serve them"
"""Requests are built only to write a manifest; no engine serves them."""
import json

from vllm.lora.request import LoRARequest

CKPTS = ["a", "b", "c"]
manifest = []
for ckpt in CKPTS:
    req = LoRARequest("eval", 1, ckpt)
    manifest.append({"name": req.lora_name, "id": req.lora_int_id, "path": req.lora_path})
with open("manifest.json", "w") as fh:
    json.dump(manifest, fh)
