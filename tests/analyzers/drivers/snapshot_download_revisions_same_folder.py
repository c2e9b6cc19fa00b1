# expect: Affected line=16 reason~="lora_int_id 1 is reused for a folder whose weights change"
"""Each hub revision is downloaded into one local_dir, served under id 1 every time."""
from huggingface_hub import snapshot_download
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

REPO = "my-org/policy-lora"
REVISIONS = ["step-100", "step-200", "step-300"]
LOCAL = "hf_adapters/policy"


def main():
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True)
    for rev in REVISIONS:
        snapshot_download(REPO, revision=rev, local_dir=LOCAL)
        llm.generate(["Q"], SamplingParams(max_tokens=8), lora_request=LoRARequest("policy", 1, LOCAL))


if __name__ == "__main__":
    main()
