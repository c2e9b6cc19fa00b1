import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def parse():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="meta-llama/Llama-3.1-8B")
    ap.add_argument("--base-id", type=int, default=1)
    ap.add_argument("checkpoints", nargs="+")
    return ap.parse_args()


def main():
    args = parse()
    llm = LLM(args.model, enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=64)
    for offset, ck in enumerate(dict.fromkeys(args.checkpoints)):
        req = LoRARequest(f"ck{offset}", args.base_id + offset, ck)
        print(ck, llm.generate(["Hello"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
