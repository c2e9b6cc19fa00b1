import subprocess
import sys
from pathlib import Path

RUN = Path("/runs/exp42")


def main():
    ckpts = sorted(RUN.glob("checkpoint-*"))
    for ck in ckpts:
        # each checkpoint in its own interpreter so GPU memory is fully released
        subprocess.run([sys.executable, "eval_one.py", "--adapter", str(ck)], check=True)


if __name__ == "__main__":
    main()
