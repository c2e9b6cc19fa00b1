# expect: Affected line=17 reason~="lora_int_id 1 is reused for a folder whose weights change"
"""Each archive is unpacked into the same folder, which id 1 keeps serving from its first load."""
import tarfile

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ARCHIVES = ["artifacts/ckpt-1.tar.gz", "artifacts/ckpt-2.tar.gz", "artifacts/ckpt-3.tar.gz"]
OUT = "unpacked/adapter"


def main():
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True)
    for arc in ARCHIVES:
        with tarfile.open(arc) as tf:
            tf.extractall(OUT)
        llm.generate(["Q"], SamplingParams(max_tokens=8), lora_request=LoRARequest("adapter", 1, OUT))


if __name__ == "__main__":
    main()
