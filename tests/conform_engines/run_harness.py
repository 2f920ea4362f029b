"""Run ``fresco-rules`` with the given arguments and write the peak memory of this process
(kilobytes, ``ru_maxrss``) to the file named by ``FRESCO_PEAK_RSS``: the harness's own
memory, the engine not included."""

from __future__ import annotations

import os
import resource
import sys

from fresco_rules.cli import main

if __name__ == "__main__":
    try:
        code = main(sys.argv[1:])
    finally:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        with open(os.environ["FRESCO_PEAK_RSS"], "w", encoding="utf-8") as file:
            file.write(str(peak))
    raise SystemExit(code)
