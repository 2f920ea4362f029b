"""The Ray backend of a divergence search (optional extra ``[ray]``), as the study's: the
same batches as the local backend, run as Ray tasks. Without an address a local Ray instance
with ``jobs`` CPUs is started (and stopped afterwards); with one (``auto``,
``ray://head:10001``) that cluster is used. An instance already initialised is used and left
running."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ray

from .plan import OnBatch, Payload, Task, play_batch


def workers(jobs: int) -> int:
    """How many batches may run at once: the cluster's CPUs once connected, else ``jobs``."""
    if ray.is_initialized():
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        return max(1, int(resources.get("CPU", jobs)))
    return jobs


def run_ray(
    payload: Payload,
    batches: Sequence[list[Task]],
    on_batch: OnBatch,
    *,
    address: str | None,
    jobs: int,
) -> None:
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is None:
            ray.init(num_cpus=jobs, **options)
        else:
            ray.init(address=address, **options)
    pending: list[Any] = []
    try:
        remote = ray.remote(play_batch)
        shared = ray.put(payload)
        pending = [remote.remote(shared, list(batch)) for batch in batches]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                on_batch(ray.get(ref))
    except BaseException:
        for ref in pending:
            ray.cancel(ref)
        raise
    finally:
        if started:
            ray.shutdown()
