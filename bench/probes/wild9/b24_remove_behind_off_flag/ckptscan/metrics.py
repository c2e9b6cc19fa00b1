def length_stats(texts: list[str]) -> dict[str, float]:
    n = [len(t.split()) for t in texts]
    return {"mean_words": sum(n) / max(len(n), 1), "max_words": max(n, default=0)}
