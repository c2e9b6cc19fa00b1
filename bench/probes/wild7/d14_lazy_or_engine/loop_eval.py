from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/ck/a", "/ck/b", "/ck/c"]


def main():
    llm = None
    for path in CKPTS:
        llm = llm or LLM("meta-llama/Llama-3.2-1B", enable_lora=True)
        out = llm.generate(["x"], SamplingParams(max_tokens=8),
                           lora_request=LoRARequest("ck", 1, path))
        print(path, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
