import itertools
import queue
import threading
import time


class Publisher(threading.Thread):
    """Writes each snapshot to a fresh folder and announces (version, folder)."""

    def __init__(self, model, root, period_s=30.0):
        super().__init__(daemon=True)
        self.model = model
        self.root = root
        self.period_s = period_s
        self.versions = itertools.count(1)
        self.out: "queue.Queue[tuple[int, str]]" = queue.Queue()

    def publish_once(self):
        v = next(self.versions)
        folder = f"{self.root}/v{v}"
        self.model.save_pretrained(folder)
        self.out.put((v, folder))

    def run(self):
        while True:
            time.sleep(self.period_s)
            self.publish_once()
