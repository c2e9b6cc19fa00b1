#!/usr/bin/env bash
# rollout server: runtime LoRA updates must be switched on explicitly
export VLLM_ALLOW_RUNTIME_LORA_UPDATING=1
vllm serve "${MODEL:-Qwen/Qwen2.5-7B-Instruct}" \
  --enable-lora --max-loras 1 --max-lora-rank 64 \
  --port "${PORT:-8000}"
