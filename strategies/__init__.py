"""strategies layer."""
