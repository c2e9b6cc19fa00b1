from .model import AdapterService
