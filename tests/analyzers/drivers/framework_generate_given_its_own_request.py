# expect: Indeterminate line=13 reason~="either the top level never gets there, or run_generation() is another package's code, which the analysis does not follow"
"""A framework's own generate handed a request its own code builds: what it serves is unknown,
and the analysis cannot tell whether the run got there. The row said only that the file's top
level never got there."""
from fancy_llm import FancyModel
from vllm import SamplingParams

model = FancyModel.from_pretrained("base", backend="vllm")
model.save_adapter("saved_lora")
output = model.run_generation(
    ["What is 2 + 2?"],
    sampling_params=SamplingParams(temperature=0.8),
    lora_request=model.adapter_request("saved_lora"),
)
