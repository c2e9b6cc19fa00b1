import threading
import time

LIVE_DIR = "/dev/shm/live_adapter"


class CheckpointWriter(threading.Thread):
    """Periodically snapshots the training model into LIVE_DIR."""

    def __init__(self, model, lock, period_s=30.0):
        super().__init__(daemon=True)
        self.model = model
        self.lock = lock
        self.period_s = period_s
        self.stop = threading.Event()

    def run(self):
        while not self.stop.is_set():
            with self.lock:
                self.model.save_pretrained(LIVE_DIR)
            time.sleep(self.period_s)
