# why: ThreadPoolExecutor(4).map calls generate on one LLM from 4 threads at once; a schedule where sql-v2 (id 1) is added while sql-v1 runs batches them together
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
    with ThreadPoolExecutor(max_workers=4) as pool:
        for path, text in pool.map(run, ADAPTERS):
            print(path, text)


if __name__ == "__main__":
    main()
