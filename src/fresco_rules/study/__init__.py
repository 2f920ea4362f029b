"""Interpretation studies: what a reading of a rule does to the game.

``run_study(Study(...))`` plays N games of each arm (a configuration: options, modules,
component data) with the same seeds in every arm, and reports per arm and per difference from
the first arm each figure with its confidence interval and a plain-words verdict; with ``out``
it writes ``summary.json``, ``games.csv``, ``games.json``, plots and ``report.html``.
``fresco-rules study`` is the command line. Needs the ``[study]`` extra (matplotlib, scipy,
tqdm); the Ray backend needs ``[ray]``.

    from fresco_rules.study import Study, parse_arm, run_study, verdict_lines
    study = Study(game="fresco", players=4, games=200, seed=1,
                  arms=(parse_arm("market_refill=top_up"), parse_arm("market_refill=redraw_all")))
    summary, games = run_study(study, jobs=2, out="out/refill")
    print("\\n".join(verdict_lines(summary)))

A game joins with the ``GameAdapter`` (``kernel.study_spec``) its declaration holds as
``study``; the games are those of ``fresco_rules.games``.
"""

from .adapters import GameAdapter, StudyError, get_adapter
from .players import PLAYERS, make_player
from .report import write_outputs
from .run import BACKENDS, load_study, run_study
from .spec import Arm, GameResult, Study, parse_arm, run_game
from .stats import arm_lines, summarize, verdict_lines

__all__ = [
    "BACKENDS",
    "PLAYERS",
    "Arm",
    "GameAdapter",
    "GameResult",
    "Study",
    "StudyError",
    "arm_lines",
    "get_adapter",
    "load_study",
    "make_player",
    "parse_arm",
    "run_game",
    "run_study",
    "summarize",
    "verdict_lines",
    "write_outputs",
]
