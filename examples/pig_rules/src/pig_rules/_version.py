"""The version written into Pig records (a leaf module)."""

__version__ = "0.1.0"
