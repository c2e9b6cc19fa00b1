# expect: Safe-by-eviction line=15 reason~="evicted before every repeat"
"""A pool of one worker (`max_workers=1`) runs its items in turn: id 2 evicts id 1 (one slot)
before id 1 comes back with another folder."""
from concurrent.futures import ThreadPoolExecutor

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = [("sql", 1, "/ckpt/sql-v1"), ("chat", 2, "/ckpt/chat-v1"), ("sql", 1, "/ckpt/sql-v2")]
llm = LLM(model="meta-llama/Llama-3.2-1B-Instruct", enable_lora=True, max_loras=1)


def run(job):
    name, lid, path = job
    out = llm.generate(["Describe the schema."], SamplingParams(max_tokens=64),
                       lora_request=LoRARequest(name, lid, path), use_tqdm=False)
    return path, out[0].outputs[0].text


def main():
    # vLLM's LLM is not thread-safe; keep a single worker so calls never overlap
    with ThreadPoolExecutor(max_workers=1) as pool:
        for path, text in pool.map(run, ADAPTERS):
            print(path, text)


if __name__ == "__main__":
    main()
