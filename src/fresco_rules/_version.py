"""The package version: a leaf module (it imports nothing of the package), so a game module
can read it without importing the package face and, through it, every game. pyproject.toml
reads the version from this file."""

__version__ = "0.1.0"
