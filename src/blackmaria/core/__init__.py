"""The rules core: pure functions over int vectors, compiled for speed by ``core.compiled``."""
