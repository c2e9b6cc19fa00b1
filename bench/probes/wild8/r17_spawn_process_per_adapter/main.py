import glob

from bench.runner import run

if __name__ == "__main__":
    adapters = sorted(glob.glob("adapters/*/")) or ["adapters/fr-v1", "adapters/fr-v2"]
    for k, v in run(adapters).items():
        print(k, v[0])
