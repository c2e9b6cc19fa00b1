# expect: Affected line=17 reason~="lora_int_id 1 is reused without invalidation"
"""`args.task == args.train_task` holds when both flags are left out (None == None): the tuned
adapter then reuses lora_int_id 1 on the engine that already holds the base one."""
import argparse

from vllm import LLM
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--task")
parser.add_argument("--train-task")
args = parser.parse_args()

llm = LLM(model="base", enable_lora=True)
llm.generate(["x"], lora_request=LoRARequest("base", 1, "/ckpt/base"))
if args.task == args.train_task:
    llm.generate(["x"], lora_request=LoRARequest("tuned", 1, "/ckpt/tuned"))
