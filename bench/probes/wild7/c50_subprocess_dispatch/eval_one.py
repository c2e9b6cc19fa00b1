import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--adapter", required=True)
    ap.add_argument("--model", default="meta-llama/Llama-3.1-8B")
    args = ap.parse_args()
    llm = LLM(args.model, enable_lora=True)
    req = LoRARequest("adapter", 1, args.adapter)
    for prompt in ["2+2=", "The capital of Italy is", "def add(a, b):"]:
        print(llm.generate([prompt], SamplingParams(max_tokens=16), lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
