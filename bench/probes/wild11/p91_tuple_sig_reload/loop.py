"""On-policy loop that reloads the adapter only when its signature changes."""
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LIVE = "/dev/shm/policy"


def main() -> None:
    policy = get_peft_model(AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-0.5B"), LoraConfig(r=8))
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    loaded: dict[int, tuple[str, str]] = {}
    for step in range(10):
        policy.save_pretrained(LIVE)
        sig = ("policy", LIVE)
        if loaded.get(1) != sig:
            llm.llm_engine.remove_lora(1)
            loaded[1] = sig
        req = LoRARequest("policy", 1, LIVE)
        print(step, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))


if __name__ == "__main__":
    main()
