# expect: Indeterminate line=11 reason~="the lora_request served at framework_generate_given_its_own_request.py:11 is model.load_lora(...), which the analysis cannot follow"
"""A framework's own generate (unsloth's `fast_generate`) handed a request its own code
builds: the run gets there, and what the request holds is unknown. The row said the file's
top level never got there."""
from unsloth import FastLanguageModel
from vllm import SamplingParams

model, tokenizer = FastLanguageModel.from_pretrained("base", fast_inference=True)
model = FastLanguageModel.get_peft_model(model, r=16)
model.save_lora("grpo_saved_lora")
output = model.fast_generate(
    ["What is 2 + 2?"],
    sampling_params=SamplingParams(temperature=0.8),
    lora_request=model.load_lora("grpo_saved_lora"),
)[0].outputs[0].text
