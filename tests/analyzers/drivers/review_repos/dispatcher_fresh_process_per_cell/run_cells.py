"""Starts eval_one.py once per checkpoint in a loop: every cell is a fresh process with an empty
cache."""

import subprocess
import sys

CKPTS = ["ck/a", "ck/b", "ck/c", "ck/d"]
for ckpt in CKPTS:
    subprocess.run([sys.executable, "eval_one.py", "--adapter", ckpt], check=True)
