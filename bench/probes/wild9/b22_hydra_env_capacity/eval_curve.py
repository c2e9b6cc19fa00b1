"""EVAL_MAX_CPU_LORAS=2 python eval_curve.py [hydra overrides]"""

import json

import hydra
from omegaconf import DictConfig

from curve.evaluate import evaluate_curve


@hydra.main(config_path="conf", config_name="config", version_base=None)
def main(cfg: DictConfig) -> None:
    curve = evaluate_curve(cfg)
    with open("curve_outputs.json", "w") as fh:
        json.dump({str(k): v for k, v in curve.items()}, fh)


if __name__ == "__main__":
    main()
