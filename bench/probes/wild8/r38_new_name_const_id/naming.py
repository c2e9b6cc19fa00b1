import settings


def versioned(step: int) -> tuple[str, str]:
    """Unique served name + folder for this step's adapter."""
    return f"policy-step{step}", f"{settings.RUN_ROOT}/step{step}"
