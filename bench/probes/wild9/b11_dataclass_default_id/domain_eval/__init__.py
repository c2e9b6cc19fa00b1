from domain_eval.specs import AdapterSpec, EvalManifest, load_manifest

__all__ = ["AdapterSpec", "EvalManifest", "load_manifest"]
