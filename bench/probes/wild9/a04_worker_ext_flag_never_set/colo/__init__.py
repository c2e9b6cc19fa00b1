from .grpo import ColocatedGRPO, GRPOArgs
