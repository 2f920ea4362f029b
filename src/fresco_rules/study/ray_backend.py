"""The Ray backend (optional extra ``[ray]``): the same batches as the local backend, run as
Ray tasks. Without an address a local Ray instance with ``jobs`` CPUs is started (and stopped
afterwards); with ``--ray-address`` (``auto``, ``ray://head:10001``) an existing cluster is
used, whose nodes need this version of fresco_rules installed. When Ray is already initialised
(e.g. by the caller's ``ray.init``) that instance is used and left running. The divergence
search runs its own batches here too (``play``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ray

from .batch import OnBatch, Payload, Task, play_batch


def workers(address: str | None, jobs: int) -> int:
    """How many batches may run at once: the cluster's CPUs once connected, else ``jobs``."""
    if ray.is_initialized():
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        return max(1, int(resources.get("CPU", jobs)))
    return jobs


def run_ray(
    payload: Payload | Any,
    batches: Sequence[Sequence[Task]] | Sequence[Sequence[Any]],
    on_batch: OnBatch | Callable[[list[Any]], None],
    *,
    address: str | None,
    jobs: int,
    play: Callable[[Any, list[Any]], list[Any]] = play_batch,
) -> None:
    """Play ``batches`` as Ray tasks (``play(payload, batch)``, by default a study's games) and
    hand each batch's results to ``on_batch`` as it finishes."""
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is None:
            ray.init(num_cpus=jobs, **options)
        else:
            ray.init(address=address, **options)
    pending: list[Any] = []
    try:
        remote = ray.remote(play)
        shared = ray.put(payload)
        pending = [remote.remote(shared, list(batch)) for batch in batches]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                on_batch(ray.get(ref))
    except BaseException:
        for ref in pending:
            ray.cancel(ref)
        raise
    finally:
        if started:
            ray.shutdown()
