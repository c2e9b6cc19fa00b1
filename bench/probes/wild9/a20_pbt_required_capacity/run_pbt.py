import argparse
import random

from transformers import AutoTokenizer

from pbt import Population, PopulationSampler


def score_fn(text: str) -> float:
    return float(text.count(".") >= 2) - 0.01 * len(text.split())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="Qwen/Qwen2.5-0.5B-Instruct")
    ap.add_argument("--root", default="/scratch/pbt")
    ap.add_argument("--generations", type=int, default=30)
    ap.add_argument("--max-cpu-loras", type=int, required=True,
                    help="adapters vLLM keeps in host memory (>= 1)")
    ns = ap.parse_args()

    tok = AutoTokenizer.from_pretrained(ns.model)
    tok.pad_token = tok.pad_token or tok.eos_token
    pop = Population(ns.model, ns.root, size=3)
    sampler = PopulationSampler(ns.model, ns.max_cpu_loras)
    corpus = [f"Summarise note {i} briefly." for i in range(500)]
    prompts = corpus[:48]
    for gen in range(ns.generations):
        for m in pop.members:
            pop.train_member(m, lambda: random.sample(corpus, 8), tok)
            m.score = sampler.evaluate(m, prompts, score_fn)
            m.history.append(m.score)
        pop.exploit_explore()
        print(gen, [round(m.score, 3) for m in pop.members])


if __name__ == "__main__":
    main()
