from minieval.models.vllm_causallm import VLLMCausalLM

MODEL_REGISTRY = {"vllm": VLLMCausalLM}
