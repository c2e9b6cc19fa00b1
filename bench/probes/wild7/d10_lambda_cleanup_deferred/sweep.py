from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main():
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True)
    sp = SamplingParams(max_tokens=32)
    cleanups = []
    for path in ["/sw/lr1e-4", "/sw/lr3e-4", "/sw/lr1e-3"]:
        req = LoRARequest("sweep", 1, path)
        cleanups.append(lambda lid=req.lora_int_id: llm.llm_engine.remove_lora(lid))
        print(path, llm.generate(["x"], sp, lora_request=req)[0].outputs[0].text)
    for fn in cleanups:
        fn()


if __name__ == "__main__":
    main()
