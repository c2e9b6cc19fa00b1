"""Score a list of checkpoints using the adapter context manager."""
import sys

from vllm import LLM, SamplingParams

from serving import adapter


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    sp = SamplingParams(max_tokens=8)
    for ckpt in sys.argv[1:]:
        with adapter(llm, ckpt) as req:
            print(ckpt, llm.generate(["3*3="], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
