# expect: Safe-distinct-id line=32 reason~="2 distinct ids"
"""Ids come from a counter the module keeps on the server object itself, which a property builds
lazily from a factory outside the repository. The second call finds the server the first one
built (it served a request, so it is not None) and the counter it left there: a new id. The
code creates the counter when it is missing, so on the factory's server it is taken to be
missing (the row says so): only code that counts the same way could have left one there."""
from vllm.lora.request import LoRARequest

from factory import make_server


def get_lora_int_id(server) -> int:
    if not hasattr(server, "_lora_id_counter"):
        server._lora_id_counter = 1
    lora_id = server._lora_id_counter
    server._lora_id_counter += 1
    return lora_id


class Amp:
    def __init__(self):
        self._server = None

    @property
    def server(self):
        if self._server is None:
            self._server = make_server()
        return self._server

    def multi_gen_request(self, prompt, path):
        lora_int_id = get_lora_int_id(self.server)
        self.server.generate(prompt, lora_request=LoRARequest(str(path), lora_int_id, str(path)))
