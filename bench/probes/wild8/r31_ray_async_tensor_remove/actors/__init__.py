from .policy_server import PolicyServer
