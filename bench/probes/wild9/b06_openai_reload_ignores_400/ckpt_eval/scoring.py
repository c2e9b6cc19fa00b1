def pass_at_1(outputs: list[str], tests: list[str]) -> float:
    ok = 0
    for out, test in zip(outputs, tests):
        env: dict = {}
        try:
            exec(out + "\n" + test, env)  # noqa: S102 - sandboxed eval box
            ok += 1
        except Exception:
            pass
    return ok / max(len(tests), 1)
