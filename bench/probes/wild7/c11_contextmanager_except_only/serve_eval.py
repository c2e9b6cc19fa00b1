from contextlib import contextmanager

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SLOT = 1


@contextmanager
def served_adapter(llm, lora_id, path):
    req = LoRARequest(f"adapter-{lora_id}", lora_id, path)
    try:
        yield req
    except Exception:
        # drop a half-loaded adapter so the next attempt starts clean
        llm.llm_engine.remove_lora(lora_id)
        raise


def main():
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True)
    sp = SamplingParams(max_tokens=32)
    for path in ["/adapters/v1", "/adapters/v2", "/adapters/v3"]:
        with served_adapter(llm, SLOT, path) as req:
            out = llm.generate(["Hi there"], sp, lora_request=req)
            print(path, out[0].outputs[0].text)


if __name__ == "__main__":
    main()
