"""Pig's rule IDs (its own namespace: ``P1``..``P8``, decisions ``AP.1``) and its words."""

from __future__ import annotations

import re

GAME_NAME = "pig"
"""The name records carry and tools take (``--game pig``)."""

RULE_ID = re.compile(r"P[0-9]+|AP\.[0-9]+")
"""The shape of a Pig spec ID: ``P3``, ``AP.1``."""

TURN_RULE = "P2"
"""The rule that says whose turn it is."""
CHANCE_RULE = "P1"
"""The rule of the first random step (the deal), named when recorded draws are left unused."""
RESULT_RULE = "P7"
"""The rule of the final scores."""

ROLL_WORD = "roll"
HOLD_WORD = "hold"
