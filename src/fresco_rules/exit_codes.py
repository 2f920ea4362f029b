"""The exit codes of every ``fresco-rules`` command, and the table each ``--help`` prints."""

from __future__ import annotations

SUCCESS = 0
REFUSED = 1
"""The rules refuse what the command checks: a move, a recorded step, a component data file
(``data check``), another engine (``conform``)."""
MALFORMED = 2
"""Input that cannot be read as what it should be (a record, a data file, an engine's reply), a
file that cannot be read or written, or a bad command line."""
NOT_NOTATION = 3
"""Move text that names no action of the game (a typo, an empty string), or names several."""

TABLE = f"""exit codes (every command):
  {SUCCESS}  success
  {REFUSED}  refused by the rules: an illegal move, a record with an illegal step, component
     data with problems (data check), a divergence (conform)
  {MALFORMED}  malformed or unreadable input (a record, a data file, an engine's reply), a
     file that cannot be written, or a bad command line
  {NOT_NOTATION}  not notation: move text that names no action of the game, or several
Every error is one line on stderr: "fresco-rules: error: ...". The verdicts of replay,
data check and conform (a valid game or the illegal step, the data's problems, the
divergence) are their result and go to stdout."""
