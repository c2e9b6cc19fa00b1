import sys

from vllm import LLM, SamplingParams

from ids import make_builder

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    build = make_builder()
    for ckpt in sys.argv[1:]:
        print(llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=build(ckpt)))
