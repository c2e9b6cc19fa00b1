# why: sequential, max_loras=1 but max_cpu_loras=4: id 2 evicts sql-v1 from the GPU slot only; the CPU cache still holds id 1, so sql-v2 is served sql-v1
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = [("sql", 1, "/ckpt/sql-v1"), ("chat", 2, "/ckpt/chat-v1"), ("sql", 1, "/ckpt/sql-v2")]


def main():
    llm = LLM(model="meta-llama/Llama-3.2-1B-Instruct", enable_lora=True,
              max_loras=1, max_cpu_loras=4)
    params = SamplingParams(max_tokens=64)
    for name, lid, path in ADAPTERS:
        out = llm.generate([f"[{name}] Describe the schema."], params,
                           lora_request=LoRARequest(name, lid, path))
        print(path, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
