from .slots import slot_request, slot_dir
