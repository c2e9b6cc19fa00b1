import argparse

from online_rl.loop import LoopConfig, run

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default="http://localhost:8000")
    ap.add_argument("--steps", type=int, default=1000)
    a = ap.parse_args()
    prompts = [f"Solve: {i} + {i * 3} =" for i in range(32)]
    run(LoopConfig(server=a.server, steps=a.steps), prompts, lambda p, c: float(c.strip()[:4].isdigit()))
