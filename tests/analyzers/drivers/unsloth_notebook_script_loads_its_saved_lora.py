# expect: Safe-distinct-id line=19 reason~="every load through unsloth's load_lora takes the next id of its counter"
"""unsloth's GRPO notebooks (and the scripts exported from them): train, `save_lora`, then
`fast_generate(..., lora_request=model.load_lora("grpo_saved_lora"))`. `load_lora` is a request
under the next id of unsloth's counter; the row said the file's top level never got there."""
from unsloth import FastLanguageModel
from vllm import SamplingParams

model, tokenizer = FastLanguageModel.from_pretrained("base", fast_inference=True)
model = FastLanguageModel.get_peft_model(model, r=16)
model.save_lora("grpo_saved_lora")
output = model.fast_generate(
    ["What is 2 + 2?"],
    sampling_params=SamplingParams(temperature=0.8),
    lora_request=None,
)[0].outputs[0].text
output = model.fast_generate(
    ["What is 2 + 2?"],
    sampling_params=SamplingParams(temperature=0.8),
    lora_request=model.load_lora("grpo_saved_lora"),
)[0].outputs[0].text
