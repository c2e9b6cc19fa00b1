from .client import AdapterClient
