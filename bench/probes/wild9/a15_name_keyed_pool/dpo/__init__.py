from .iteration import run_iterations
