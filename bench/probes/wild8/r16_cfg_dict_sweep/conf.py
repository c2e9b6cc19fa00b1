import copy
import sys

CFG = {
    "model": {"base": "google/gemma-2-2b-it", "max_lora_rank": 32},
    "lora": {"id": 1, "name": "sweep"},
    "sweep": {"ckpts": ["runs/lr1e-4/final", "runs/lr3e-4/final", "runs/lr1e-3/final"]},
    "eval": {"n": 64, "max_tokens": 128},
}


def compose(argv=None):
    """hydra-style `a.b=value` overrides on top of CFG."""
    cfg = copy.deepcopy(CFG)
    for item in argv if argv is not None else sys.argv[1:]:
        key, value = item.split("=", 1)
        *parents, leaf = key.split(".")
        node = cfg
        for p in parents:
            node = node[p]
        node[leaf] = type(node[leaf])(value) if not isinstance(node[leaf], list) else value.split(",")
    return cfg
