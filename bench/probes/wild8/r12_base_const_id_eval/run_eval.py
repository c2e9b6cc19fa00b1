import argparse
import json

from serving import EvalServer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run-dir", default="runs/sft-llama")
    ap.add_argument("--steps", type=int, nargs="+", default=[500, 1000, 1500, 2000])
    ap.add_argument("--data", default="data/dev.jsonl")
    args = ap.parse_args()
    rows = [json.loads(l) for l in open(args.data)]
    server = EvalServer("meta-llama/Llama-3.2-3B-Instruct", max_lora_rank=64)
    ckpts = [f"{args.run_dir}/checkpoint-{s}" for s in args.steps]
    print(server.evaluate(ckpts, [r["q"] for r in rows], [r["a"] for r in rows]))


if __name__ == "__main__":
    main()
