# expect: No-realized-run
import json

from vllm.lora.request import LoRARequest

CKPTS = ["a", "b", "c"]
manifest = []
for ckpt in CKPTS:
    req = LoRARequest("eval", 1, ckpt)
    manifest.append({"name": req.lora_name, "id": req.lora_int_id, "path": req.lora_path})
with open("manifest.json", "w") as fh:
    json.dump(manifest, fh)
