from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main():
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=2)
    engine = llm.llm_engine
    sp = SamplingParams(max_tokens=8)
    for path in ["/ad/v1", "/ad/v2", "/ad/v3"]:
        engine.remove_lora(1)
        out = llm.generate(["x"], sp, lora_request=LoRARequest("live", 1, path))
        print(path, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
