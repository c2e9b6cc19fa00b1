"""Offline batch inference driven by an experiment-tracker manifest.

    python run_batch.py --manifest /shared/exp/2024-11-02/manifest.yaml
"""

import argparse

from batchinfer.manifest import read_manifest
from batchinfer.serve import build_llm, run_entries


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--manifest", required=True)
    ap.add_argument("--max-tokens", type=int, default=512)
    args = ap.parse_args()
    engine_cfg, entries = read_manifest(args.manifest)
    llm = build_llm(engine_cfg)
    run_entries(llm, entries, args.max_tokens)
    print(f"finished {len(entries)} jobs")


if __name__ == "__main__":
    main()
