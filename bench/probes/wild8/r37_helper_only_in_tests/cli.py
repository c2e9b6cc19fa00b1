import argparse

from vllm import LLM, SamplingParams


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="Qwen/Qwen2.5-0.5B-Instruct")
    ap.add_argument("prompts", nargs="*", default=["Hello"])
    a = ap.parse_args()
    llm = LLM(model=a.model)
    for o in llm.generate(a.prompts, SamplingParams(max_tokens=64)):
        print(o.outputs[0].text)


if __name__ == "__main__":
    main()
