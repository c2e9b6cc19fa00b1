# why: ids keyed by task name (setdefault(len+1)); gsm8k v2 gets gsm8k's id 1 while v1 is still cached (max_loras=2 holds ids 1 and 2)
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

RUNS = [("gsm8k", "/adapters/gsm8k/v1"), ("mbpp", "/adapters/mbpp/v1"), ("gsm8k", "/adapters/gsm8k/v2")]


def main():
    llm = LLM(model="meta-llama/Llama-3.2-3B-Instruct", enable_lora=True, max_loras=2)
    task_ids = {}
    for task, folder in RUNS:
        lid = task_ids.setdefault(task, len(task_ids) + 1)
        out = llm.generate([f"Solve a {task} problem."], SamplingParams(max_tokens=64),
                           lora_request=LoRARequest(task, lid, folder))
        print(task, folder, out[0].outputs[0].text[:40])


if __name__ == "__main__":
    main()
