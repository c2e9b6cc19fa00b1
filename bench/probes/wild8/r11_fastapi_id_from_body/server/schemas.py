from pydantic import BaseModel


class LoraSpec(BaseModel):
    name: str
    int_id: int
    path: str


class CompletionIn(BaseModel):
    prompt: str
    lora: LoraSpec | None = None
    temperature: float = 0.7
