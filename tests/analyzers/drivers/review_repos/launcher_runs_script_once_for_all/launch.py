"""Starts eval_many.py once with all checkpoints: one process, so its Affected verdict applies."""

import subprocess
import sys

CKPTS = ["ck/a", "ck/b", "ck/c", "ck/d"]
subprocess.run([sys.executable, "eval_many.py", *CKPTS], check=True)
