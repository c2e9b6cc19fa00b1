import os

from datasets import Dataset
from peft import LoraConfig
from trl import SFTConfig, SFTTrainer


def fit_round(model: str, examples, out_root: str, round_idx: int, init_adapter=None) -> str:
    out_dir = os.path.join(out_root, f"round_{round_idx:02d}")
    args = SFTConfig(output_dir=out_dir, num_train_epochs=1, per_device_train_batch_size=8,
                     learning_rate=1e-4, save_strategy="no", report_to=[])
    trainer = SFTTrainer(
        model=init_adapter or model,
        args=args,
        train_dataset=Dataset.from_list(examples),
        peft_config=LoraConfig(r=64, lora_alpha=64, target_modules="all-linear") if init_adapter is None else None,
    )
    trainer.train()
    trainer.save_model(out_dir)
    return out_dir
