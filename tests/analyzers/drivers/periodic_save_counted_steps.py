# expect: Affected line=17 reason~="'/tmp/live' is rewritten"
"""A training loop over batches of unknown number counts its steps itself and, every fifty,
saves the live adapter into one folder and samples it under lora_int_id 1. Three steps followed
see only the first sample: the loop is followed until the count's test comes round (a hundred
steps), where the second sample is served the first weights."""
from vllm import LLM
from vllm.lora.request import LoRARequest


def train(model, batches):
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    step = 0
    for batch in batches:
        model.train_step(batch)
        if step % 50 == 0:
            model.save_pretrained("/tmp/live")
            llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
        step += 1


if __name__ == "__main__":
    import sys

    train(object(), sys.argv[1:])
