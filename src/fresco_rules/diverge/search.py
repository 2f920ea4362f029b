"""A whole divergence search as one call: check the plan and ``out``, play the games (resuming
from ``out``'s journal), make the shortest witness of each kind and write the files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .plan import Outcome, Plan
from .report import prepare_out, with_witnesses, witnesses, write_outputs
from .run import run_search


def diverge(
    plan: Plan,
    *,
    backend: str = "local",
    jobs: int = 1,
    ray_address: str | None = None,
    out: str | Path | None = None,
    force: bool = False,
    progress: bool = True,
) -> tuple[dict[str, Any], list[Outcome]]:
    """Play ``plan`` and return ``(summary, outcomes)``; the summary holds the shortest
    witness of each kind met (``summary["witnesses"]``). With ``out`` also write
    ``witnesses/``, ``summary.json`` and ``report.html`` there (``report.prepare_out`` says
    when a folder is taken)."""
    configs = plan.configs()
    folder = None if out is None else Path(out)
    if folder is not None:
        prepare_out(folder, plan, force=force)
    summary, outcomes = run_search(
        plan,
        backend=backend,
        jobs=jobs,
        ray_address=ray_address,
        journal_dir=folder,
        progress=progress,
    )
    found = witnesses(plan, configs, outcomes)
    if folder is not None:
        return write_outputs(folder, summary, found), outcomes
    return with_witnesses(summary, found), outcomes
