"""Run ``fresco-rules`` with the given arguments and write the peak memory of this process
(kilobytes) to the file named by ``FRESCO_PEAK_RSS``: the harness's own memory, the engine not
included. ``VmHWM`` is the high-water mark of this program's own memory (``ru_maxrss`` would
also count the parent's memory at the fork that started it)."""

from __future__ import annotations

import os
import resource
import sys
from pathlib import Path

from fresco_rules.cli import main


def peak_kb() -> int:
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text(encoding="utf-8").splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


if __name__ == "__main__":
    try:
        code = main(sys.argv[1:])
    finally:
        Path(os.environ["FRESCO_PEAK_RSS"]).write_text(str(peak_kb()), encoding="utf-8")
    raise SystemExit(code)
