"""Benchmarks: measurements printed side by side with an anchor, never assertions."""
