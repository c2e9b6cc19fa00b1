import os
from dataclasses import dataclass

from .settings import ROOT


@dataclass(frozen=True)
class Buffer:
    name: str
    lora_id: int
    path: str


class BufferPair:
    """Two adapter folders used alternately, so the actor never reads a half-written folder."""

    def __init__(self, root: str = ROOT):
        self.a = Buffer("buf_a", 1, os.path.join(root, "buf_a"))
        self.b = Buffer("buf_b", 2, os.path.join(root, "buf_b"))

    def for_step(self, step: int) -> Buffer:
        return self.a if step % 2 == 0 else self.b
