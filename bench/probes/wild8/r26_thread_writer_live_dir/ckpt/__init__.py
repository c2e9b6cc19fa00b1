from .writer import CheckpointWriter, LIVE_DIR
