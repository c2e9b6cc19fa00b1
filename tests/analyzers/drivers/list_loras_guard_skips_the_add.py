# expect: Affected line=10 reason~="the request for 'ck/200'" reason~="is served 'ck/100'"
"""Once id 1 is loaded the guard skips the add, and every later folder is served the first one."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main():
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=2)
    for ck in ["ck/100", "ck/200", "ck/300"]:
        request = LoRARequest("ck", 1, ck)
        if 1 not in llm.llm_engine.list_loras():
            llm.llm_engine.add_lora(request)
        llm.generate(["Q"], SamplingParams(max_tokens=8), lora_request=request)


if __name__ == "__main__":
    main()
