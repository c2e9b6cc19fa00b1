import argparse

from serving import CheckpointServer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run-dir", default="runs/dpo")
    ap.add_argument("--steps", type=int, nargs="+", default=[250, 500, 750])
    args = ap.parse_args()
    srv = CheckpointServer("Qwen/Qwen2.5-7B-Instruct", max_loras=4)
    ckpts = [f"{args.run_dir}/checkpoint-{s}" for s in args.steps]
    res = srv.sweep(ckpts, ["Write a limerick about GPUs."])
    for ck, outs in res.items():
        print(ck, outs[0].outputs[0].text[:80])


if __name__ == "__main__":
    main()
