import glob
import os
import re


def list_checkpoints(run_dir: str):
    """GRPO trainer output: run_dir/checkpoint-<step>/ each holding adapter_model.safetensors."""
    found = []
    for path in glob.glob(os.path.join(run_dir, "checkpoint-*")):
        m = re.search(r"checkpoint-(\d+)$", path)
        if m and os.path.exists(os.path.join(path, "adapter_config.json")):
            found.append((int(m.group(1)), path))
    return [p for _, p in sorted(found)]
