import asyncio
import json

from server.engine import build_engine
from server.jobs import run_job

ADAPTERS = ["adapters/sql", "adapters/math", "adapters/chat"]


async def main():
    engine = build_engine()
    results = await asyncio.gather(*(run_job(engine, d, i) for i, d in enumerate(ADAPTERS)))
    print(json.dumps(dict(zip(ADAPTERS, results)), indent=1))


if __name__ == "__main__":
    asyncio.run(main())
