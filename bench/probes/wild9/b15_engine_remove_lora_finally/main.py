import argparse
import glob
import json
import statistics

from vllm import SamplingParams

from stepeval.engine_loop import make_engine, run_checkpoint


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="Qwen/Qwen2.5-1.5B")
    ap.add_argument("--ckpts", default="out/lora/checkpoint-*")
    ap.add_argument("--prompts", default="data/prompts.txt")
    args = ap.parse_args()

    prompts = [l.rstrip("\n") for l in open(args.prompts) if l.strip()]
    engine = make_engine(args.base)
    sp = SamplingParams(temperature=0.0, max_tokens=128)
    summary = {}
    for ck in sorted(glob.glob(args.ckpts), key=lambda p: int(p.rsplit("-", 1)[-1])):
        st = run_checkpoint(engine, ck, prompts, sp)
        summary[ck] = {"ttft_p50": statistics.median(st.ttft_s),
                       "avg_len": statistics.mean(len(t) for t in st.texts)}
        print(ck, summary[ck])
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
