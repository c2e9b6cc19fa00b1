# expect: Safe-distinct-id line=14 reason~="5 distinct ids"
"""main() is how the file uses PolicyServer: known steps, one id each; no unseen caller is imagined."""
import os
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class PolicyServer:
    def __init__(self):
        self.llm = LLM("m", enable_lora=True)

    def sync(self, step):
        lora_id = max(1, min(step + 1, 1000))
        return LoRARequest(f"policy-{step}", lora_id, os.path.join("sync", f"step_{step}"))

    def rollout(self, req):
        return self.llm.generate(["rollout prompt"], SamplingParams(n=4), lora_request=req)


def main():
    srv = PolicyServer()
    for step in range(5):
        srv.rollout(srv.sync(step))


if __name__ == "__main__":
    main()
