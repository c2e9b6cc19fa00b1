# why: one LLM.generate call gets all requests as a batch; sql-v2 (id 1) joins sql-v1 in the batch even at max_loras=1
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = [("sql", 1, "/ckpt/sql-v1"), ("chat", 2, "/ckpt/chat-v1"), ("sql", 1, "/ckpt/sql-v2")]


def main():
    llm = LLM(model="meta-llama/Llama-3.2-1B-Instruct", enable_lora=True, max_loras=1)
    prompts, loras = [], []
    for name, lid, path in ADAPTERS:
        prompts.append(f"[{name}] Describe the schema.")
        loras.append(LoRARequest(name, lid, path))
    outputs = llm.generate(prompts, SamplingParams(max_tokens=64), lora_request=loras)
    for (_, _, path), out in zip(ADAPTERS, outputs):
        print(path, out.outputs[0].text)


if __name__ == "__main__":
    main()
