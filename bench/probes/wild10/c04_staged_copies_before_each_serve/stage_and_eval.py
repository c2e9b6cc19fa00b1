"""Each checkpoint is staged into a folder of its own, file by file, with an existence check
before every copy (found in a real generation script), then served under an id of its own.
Hundreds of copies into long built paths: every check once compared its path with every copy
made so far, which took minutes; past a few dozen writes a check compares none of them, and any
write since a path's last check may have changed what it finds."""
import os
import shutil
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CONFIG_DIR = "./configs/adapter_template"


def copy_files(src_dir, dest_dir):
    if not os.path.exists(dest_dir):
        os.makedirs(dest_dir)
    for root, dirs, files in os.walk(src_dir):
        for file in files:
            relative = os.path.relpath(root, src_dir)
            folder = os.path.join(dest_dir, relative)
            if not os.path.exists(folder):
                os.makedirs(folder)
            shutil.copy2(os.path.join(root, file), os.path.join(folder, file))


def checkpoints(folder):
    found = []
    for root, dirs, files in os.walk(folder):
        for file in files:
            if file.endswith(".safetensors"):
                found.append(os.path.join(root, file))
    return found


llm = LLM(model="base", enable_lora=True, max_loras=4)
lora_id = 0
for round_index in range(4):
    run_dir = f"{sys.argv[1]}/round_{round_index}"
    for checkpoint in checkpoints(run_dir):
        name = run_dir.split("/")[-1] + "_" + os.path.basename(checkpoint).split(".")[0]
        save_dir = os.path.join("./staged", name)
        if not os.path.exists(save_dir):
            copy_files(CONFIG_DIR, save_dir)
            shutil.copy2(checkpoint, save_dir)
        lora_id += 1
        request = LoRARequest(name, lora_id, save_dir)
        llm.generate(["q"], SamplingParams(), lora_request=request)
