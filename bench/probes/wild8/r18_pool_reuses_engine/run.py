from evalpool import evaluate_all

CANDIDATES = [f"sweeps/rank16/seed{i}" for i in range(8)]

if __name__ == "__main__":
    print(evaluate_all(CANDIDATES))
