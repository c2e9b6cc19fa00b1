"""Run the evaluation script on every checkpoint of the run."""
import glob
import subprocess
import sys

if __name__ == "__main__":
    ckpts = sorted(glob.glob("/runs/exp9/checkpoint-*"))
    subprocess.run([sys.executable, "evaluate.py", *ckpts], check=True)
