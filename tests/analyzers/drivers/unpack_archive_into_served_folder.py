# expect: Affected line=15 reason~="lora_int_id 1 is reused for a folder whose weights change"
"""shutil.unpack_archive writes each checkpoint into the served folder."""
import shutil
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SYNC = "serve/current"
CKPTS = ["runs/ck-1", "runs/ck-2", "runs/ck-3"]


def main():
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True)
    for ck in CKPTS:
        shutil.unpack_archive(ck + '.tar.gz', SYNC)
        llm.generate(["Q"], SamplingParams(max_tokens=8), lora_request=LoRARequest("cur", 1, SYNC))


if __name__ == "__main__":
    main()
