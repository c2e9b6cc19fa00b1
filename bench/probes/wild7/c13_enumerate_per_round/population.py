from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

N_SEEDS = 2


def checkpoints_for(round_idx):
    return [f"/pbt/round{round_idx}/seed{s}" for s in range(N_SEEDS)]


def main():
    llm = LLM("meta-llama/Llama-3.2-3B", enable_lora=True, max_loras=4, max_cpu_loras=8)
    sp = SamplingParams(max_tokens=64)
    for round_idx in range(3):
        for lora_id, path in enumerate(checkpoints_for(round_idx), start=1):
            req = LoRARequest(f"seed{lora_id}", lora_id, path)
            out = llm.generate(["Score this move: e4"], sp, lora_request=req)
            print(round_idx, lora_id, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
