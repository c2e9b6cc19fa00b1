# expect: Indeterminate line=7 reason~="Python source written to 'generated_eval.py'"
"""A launcher writes an evaluation script from a template and runs it elsewhere: the request
is built only in that generated file, which the analysis does not have (Indeterminate)."""
SCRIPT = 'llm.generate(prompts, lora_request=LoRARequest("eval", 1, "{path}"))\n'

with open("generated_eval.py", "w") as out:
    out.write(SCRIPT.format(path="out/adapter"))
