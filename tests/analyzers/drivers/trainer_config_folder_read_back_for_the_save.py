# expect: Affected line=17 reason~="'/tmp/adapter' is rewritten at trainer_config_folder_read_back_for_the_save.py:16"
"""A TRL config made with `output_dir=out` and read back for the save:
`trainer.save_model(config.output_dir)` writes the folder served under lora_int_id 1 after
each round, so every round after the first is served the first round's weights."""

from trl import SFTConfig, SFTTrainer
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
out = "/tmp/adapter"
config = SFTConfig(output_dir=out, num_train_epochs=1)
for round_ in range(3):
    trainer = SFTTrainer(model="m", args=config, train_dataset=None)
    trainer.train()
    trainer.save_model(config.output_dir)
    llm.generate(["hi"], lora_request=LoRARequest("policy", 1, out))
