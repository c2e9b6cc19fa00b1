# expect: Affected line=17 reason~="'/tmp/live' is rewritten"
"""Every fifty steps of a training loop of unknown length, the live adapter is saved into one
folder and sampled under lora_int_id 1. The analysis follows only a few steps of the loop, among
which only one passes `step % 50 == 0`; the steps fifty further on pass it again, and their
sample is served the first weights. The few steps followed must stand for those (a loop cut
short of a whole period of the test must not make the repeat look impossible)."""
from vllm import LLM
from vllm.lora.request import LoRARequest


def train(model, steps):
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for step in range(steps):
        model.train_step()
        if step % 50 == 0:
            model.save_pretrained("/tmp/live")
            llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))


if __name__ == "__main__":
    import sys

    train(object(), int(sys.argv[1]))
