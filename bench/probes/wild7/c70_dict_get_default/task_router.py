from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

# ids for adapters that are pinned in the deployment; others share the scratch slot
PINNED_IDS = {"chat": 10, "safety": 11}
SCRATCH_ID = 1

TASK_ADAPTERS = {
    "chat": "/ad/chat-v4",
    "summarize": "/ad/summarize-v2",
    "translate": "/ad/translate-v7",
}


def main():
    llm = LLM("meta-llama/Llama-3.1-8B-Instruct", enable_lora=True, max_loras=4)
    sp = SamplingParams(max_tokens=64)
    for task, path in TASK_ADAPTERS.items():
        req = LoRARequest(task, PINNED_IDS.get(task, SCRATCH_ID), path)
        print(task, llm.generate([f"[{task}] hello"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
