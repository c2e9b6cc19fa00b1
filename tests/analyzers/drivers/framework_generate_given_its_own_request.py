# expect: Indeterminate line=10 reason~="the lora_request served at framework_generate_given_its_own_request.py:10 is model.adapter_request(...), which the analysis cannot follow"
"""A framework's own generate handed a request its own code builds (another package's
`adapter_request`): the run gets there, and what the request holds is unknown. The row said
the file's top level never got there."""
from fancy_llm import FancyModel
from vllm import SamplingParams

model = FancyModel.from_pretrained("base", backend="vllm")
model.save_adapter("saved_lora")
output = model.run_generation(
    ["What is 2 + 2?"],
    sampling_params=SamplingParams(temperature=0.8),
    lora_request=model.adapter_request("saved_lora"),
)
