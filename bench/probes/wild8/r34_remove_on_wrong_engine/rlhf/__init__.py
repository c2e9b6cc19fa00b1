from .engines import EnginePair
from .sync import refresh_adapter, POLICY_ID
