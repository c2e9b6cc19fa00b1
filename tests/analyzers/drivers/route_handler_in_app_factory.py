# expect: Affected line=19 reason~="when reload() is called again" reason~="AsyncLLMEngine at"
"""An app factory registers a reload route (`@app.post`) that adds every posted folder under
lora_int_id 1 to one module-level engine, with no remove_lora and no load_inplace: the route is
called once per training step, so from the second call on the first folder keeps being served.
The decorator defines the route; it is not a client call to vLLM's HTTP endpoint."""
from fastapi import FastAPI
from vllm import AsyncLLMEngine
from vllm.engine.arg_utils import AsyncEngineArgs
from vllm.lora.request import LoRARequest

ENGINE = AsyncLLMEngine.from_engine_args(AsyncEngineArgs(model="base", enable_lora=True))


def create_app():
    app = FastAPI()

    @app.post("/v1/load_lora_adapter")
    async def reload(body: dict):
        await ENGINE.add_lora(LoRARequest("policy", 1, body["lora_path"]))
        return {"ok": True}

    return app


if __name__ == "__main__":
    create_app()
