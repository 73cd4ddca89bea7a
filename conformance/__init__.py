"""conformance layer."""
