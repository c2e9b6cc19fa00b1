from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPT_PATHS = [
    "/mnt/ckpt/dpo/epoch1",
    "/mnt/ckpt/dpo/epoch2",
    "/mnt/ckpt/dpo/epoch3",
]


def build_jobs(llm, sp):
    jobs = []
    for idx, path in enumerate(CKPT_PATHS):
        jobs.append(lambda prompts, idx=idx, path=path: llm.generate(
            prompts, sp, lora_request=LoRARequest(f"epoch{idx + 1}", idx + 1, path)))
    return jobs


def main():
    llm = LLM("google/gemma-2-2b", enable_lora=True, max_loras=4, max_cpu_loras=4)
    sp = SamplingParams(max_tokens=64)
    prompts = ["Translate to German: good morning"]
    for job in build_jobs(llm, sp):
        print(job(prompts)[0].outputs[0].text)


if __name__ == "__main__":
    main()
