# expect: Safe-single-adapter line=15 reason~="one adapter per engine lifetime" reason~="(lora_int_id 1, args.adapter)"
"""One adapter from the command line, many prompts: id 1 always names --adapter, so a repeat can
only hit the adapter it asked for."""
import argparse
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--adapter", required=True)
    parser.add_argument("--prompts", nargs="+", default=["hi", "there"])
    args = parser.parse_args()
    llm = LLM(model="base", enable_lora=True, max_loras=1)
    for prompt in args.prompts:
        out = llm.generate([prompt], SamplingParams(), lora_request=LoRARequest("adapter", 1, args.adapter))
        print(out)

if __name__ == "__main__":
    main()
