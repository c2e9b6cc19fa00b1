"""python eval_run.py --run-dir /ckpt/llama-sft --server http://gpu-07:8000"""

import argparse
import asyncio
import json
import os

import aiohttp

from evalclient import LoraAdmin
from evalclient.chat import chat_many

NAME = "under-test"


async def amain(args):
    prompts = [json.loads(l)["prompt"] for l in open(args.prompts)]
    ckpts = sorted(d for d in os.listdir(args.run_dir) if d.startswith("checkpoint-"))
    ckpts.sort(key=lambda d: int(d.split("-")[1]))
    results = {}
    async with aiohttp.ClientSession() as session:
        admin = LoraAdmin(session, args.server)
        for ck in ckpts:
            await admin.swap(NAME, os.path.join(args.run_dir, ck))
            results[ck] = await chat_many(session, args.server, NAME, prompts)
            print(ck, results[ck][0][:80])
    json.dump(results, open(args.out, "w"), indent=1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run-dir", required=True)
    ap.add_argument("--server", default="http://127.0.0.1:8000")
    ap.add_argument("--prompts", default="data/arena_hard_sample.jsonl")
    ap.add_argument("--out", default="ckpt_generations.json")
    asyncio.run(amain(ap.parse_args()))


if __name__ == "__main__":
    main()
