"""The abstract interpreter: runs a driver's code on abstract values, records its vLLM calls."""
