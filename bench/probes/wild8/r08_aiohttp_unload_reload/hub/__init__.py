from .adapter_hub import AdapterHub
