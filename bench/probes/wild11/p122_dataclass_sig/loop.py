"""On-policy loop that reloads the adapter only when its spec changes."""
from dataclasses import dataclass
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LIVE = "/dev/shm/policy"


@dataclass(frozen=True)
class AdapterSpec:
    name: str
    path: str


def main() -> None:
    policy = get_peft_model(AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-0.5B"), LoraConfig(r=8))
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    loaded = None
    for step in range(10):
        policy.save_pretrained(LIVE)
        spec = AdapterSpec("policy", LIVE)
        if spec != loaded:
            llm.llm_engine.remove_lora(1)
            loaded = spec
        req = LoRARequest("policy", 1, LIVE)
        print(step, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))


if __name__ == "__main__":
    main()
