from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main():
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True)
    sp = SamplingParams(max_tokens=32)
    for path in ["/ck/1", "/ck/2", "/ck/3"]:
        out = llm.generate(["x"], sp, lora_request=LoRARequest("ck", 1, path))
        if not out[0].outputs[0].text:
            print("empty output, aborting sweep")
            break
    else:
        llm.llm_engine.remove_lora(1)


if __name__ == "__main__":
    main()
