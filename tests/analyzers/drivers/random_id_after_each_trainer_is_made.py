# expect: Affected line=16 reason~="random.randint(...) after seed(42) is reused"
"""A Hugging Face `Trainer` seeds every generator when it is made (`set_seed(args.seed)`, 42 by
default): a "random" id drawn after a trainer is made for each checkpoint is the same number
each time. Drawn as a fresh random number, the row was Safe-probabilistic."""
import random

from transformers import Trainer, TrainingArguments
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM("base", enable_lora=True, max_loras=4)
for out in ["out/round-1", "out/round-2"]:
    trainer = Trainer(model=None, args=TrainingArguments(output_dir=out))
    trainer.save_model(out)
    lora_id = random.randint(1, 10**6)
    request = LoRARequest(out, lora_id, out)
    llm.generate(["q"], SamplingParams(), lora_request=request)
