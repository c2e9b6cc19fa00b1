# why: one batched generate, but ids come from the folder's index in a dict keyed by path (setdefault with len+1): repeated folders reuse their id, new ones get new ids
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

FOLDERS = ["/ckpt/sql-v1", "/ckpt/chat-v1", "/ckpt/sql-v1", "/ckpt/sql-v2"]


def main():
    llm = LLM(model="meta-llama/Llama-3.2-1B-Instruct", enable_lora=True, max_loras=2)
    ids = {}
    loras = []
    for folder in FOLDERS:
        lid = ids.setdefault(folder, len(ids) + 1)
        loras.append(LoRARequest(folder.rsplit("/", 1)[-1], lid, folder))
    outs = llm.generate(["Describe the schema."] * len(loras), SamplingParams(max_tokens=64),
                        lora_request=loras)
    for r, o in zip(loras, outs):
        print(r.lora_path, o.outputs[0].text)


if __name__ == "__main__":
    main()
