import json
from pathlib import Path

from domain_eval import load_manifest
from domain_eval.runner import DomainRunner


def main():
    manifest = load_manifest()
    prompts = {
        spec.name: [json.loads(l)["prompt"] for l in open(f"data/{spec.name}.jsonl")]
        for spec in manifest.adapters
    }
    outputs = DomainRunner(manifest).run(prompts)
    Path("outputs").mkdir(exist_ok=True)
    for name, gens in outputs.items():
        Path(f"outputs/{name}.json").write_text(json.dumps(gens, indent=1))
        print(name, len(gens))


if __name__ == "__main__":
    main()
