# expect: Indeterminate line=10 reason~="goes to a server only known at run time, which may be the one loaded at"
"""A client helper that always loads its caller's folder as adapter "policy", on a port the
caller picks. Two calls on one port are one server, which refuses the second load of the name
and keeps serving the first folder; two ports are two servers. The URL does not say which.
"""
import requests


def publish_policy(checkpoint: str, port: int) -> None:
    requests.post(
        f"http://localhost:{port}/v1/load_lora_adapter",
        json={"lora_name": "policy", "lora_path": checkpoint},
    )
