import uvicorn
from fastapi import FastAPI

from server import router

app = FastAPI(title="lora gateway")
app.include_router(router)

if __name__ == "__main__":
    uvicorn.run(app, host="0.0.0.0", port=9000)
