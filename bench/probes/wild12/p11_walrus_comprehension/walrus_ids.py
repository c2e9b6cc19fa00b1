# why: the walrus in the comprehension binds `n` in main's scope, so it increments across items: ids 1, 2, 3 for three folders
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

FOLDERS = ["/ckpt/e1", "/ckpt/e2", "/ckpt/e3"]


def main():
    llm = LLM(model="Qwen/Qwen2.5-0.5B-Instruct", enable_lora=True, max_loras=1)
    n = 0
    reqs = [LoRARequest(f"epoch-{n}", (n := n + 1), folder) for folder in FOLDERS]
    for req in reqs:
        out = llm.generate(["Say hi."], SamplingParams(max_tokens=4), lora_request=req)
        print(req.lora_int_id, req.lora_path, out[0].outputs[0].text)
    print("last id", n)


if __name__ == "__main__":
    main()
