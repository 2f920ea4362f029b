"""Check another implementation of a game against this library: ``conform`` plays random games
in lock-step with an engine (a process speaking JSON lines, or a Python object) and stops at the
first divergence. The protocol is documented in ``engine``; the command line is
``fresco-rules conform``."""

from .engine import (
    DeadlinePassed,
    Engine,
    EngineError,
    ProcessEngine,
    ReferenceEngine,
    Refused,
    serve,
)
from .harness import Divergence, Report, conform

__all__ = [
    "DeadlinePassed",
    "Divergence",
    "Engine",
    "EngineError",
    "ProcessEngine",
    "ReferenceEngine",
    "Refused",
    "Report",
    "conform",
    "serve",
]
