# why: each lambda binds the folder as a default (p=path) but reads `lid` late: all three use id 3 with folders v1, v2, v3 -> the last two get v1's weights
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

FOLDERS = ["out/v1", "out/v2", "out/v3"]

builders = []
for lid, path in enumerate(FOLDERS, start=1):
    builders.append(lambda p=path: LoRARequest(p.replace("/", "-"), lid, p))


def main():
    llm = LLM(model="HuggingFaceTB/SmolLM2-360M", enable_lora=True, max_loras=1)
    for build in builders:
        req = build()
        out = llm.generate(["Tell me a joke."], SamplingParams(max_tokens=32), lora_request=req)
        print(req.lora_path, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
