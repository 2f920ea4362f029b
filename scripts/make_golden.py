#!/usr/bin/env python3
"""Write the golden games (perft files) replayed by tests/test_golden.py.

    python scripts/make_golden.py            # rewrite tests/golden/*.json

Each game is a seeded uniform-random playout (``fresco_rules.kernel.play.random_playout``). A file
holds the config (players and option values as strings), the seed, the final scores, and per step
the chosen action's index in ``legal_actions``, the number of legal actions, the action's repr and
the id of the full legal list. Legal lists are stored once each (``legal_sets``, as indices into
the file's ``actions`` table of reprs), so a replay can say which actions appeared or vanished.

Barbarossa games (``barbarossa_*.json``) are stored the same way; their config holds
``players`` and Barbarossa's enumerated options. So are Carcassonne games
(``carcassonne_*.json``), with the options as the command line spells them (``farmers=off``).

Regenerate only after a deliberate rules change, and say why in the commit.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from fresco_rules import barbarossa, carcassonne
from fresco_rules.fresco import GAME, GameConfig
from fresco_rules.fresco.config import OPTION_TYPES
from fresco_rules.kernel.play import random_playout
from fresco_rules.kernel.protocol import GameRules

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "tests" / "golden"

GAMES: list[tuple[str, int, dict[str, str]]] = [
    (f"{players}p_seed{seed}", seed, {"players": str(players)})
    for players in (2, 3, 4)
    for seed in (1, 2)
]
GAMES.append(
    (
        "4p_seed3_redraw_all_forward",
        3,
        {"players": "4", "market_refill": "redraw_all", "track_collision": "forward"},
    )
)
GAMES += [
    ("2p_seed4_modules_456", 4, {"players": "2", "modules": "4,5,6"}),
    ("3p_seed5_modules_45", 5, {"players": "3", "modules": "4,5"}),
    ("4p_seed6_modules_6", 6, {"players": "4", "modules": "6"}),
]
BARBAROSSA_GAMES: list[tuple[str, int, dict[str, str]]] = [
    ("barbarossa_3p_seed1", 1, {"players": "3"}),
    ("barbarossa_4p_seed2", 2, {"players": "4"}),
    (
        "barbarossa_4p_seed3_options",
        3,
        {
            "players": "4",
            "guess_resolution": "both_then_check",
            "max_jewel_move": "unlimited",
            "question_phase": "until_no",
            "curse_in_own_solution": "forbidden",
            "letter_check": "off",
            "first_player_choice": "random",
        },
    ),
]


CARCASSONNE_GAMES: list[tuple[str, int, dict[str, str]]] = [
    ("carcassonne_2p_seed1", 1, {"players": "2"}),
    ("carcassonne_4p_seed2", 2, {"players": "4"}),
    (
        "carcassonne_5p_seed3_options",
        3,
        {
            "players": "5",
            "festival": "off",
            "tiny_city": "2",
            "farmers": "off",
            "first_player_choice": "random",
        },
    ),
    ("carcassonne_3p_seed4_follower", 4, {"players": "3", "festival_return": "follower"}),
]


def _game_types(game: str) -> tuple[GameRules[Any, Any], type, dict[str, Any]]:
    if game == "carcassonne":
        return carcassonne.GAME, carcassonne.GameConfig, dict(carcassonne.OPTION_TYPES)
    if game == "barbarossa":
        return barbarossa.GAME, barbarossa.GameConfig, dict(barbarossa.OPTION_TYPES)
    return GAME, GameConfig, dict(OPTION_TYPES)


def make_config(values: dict[str, str], game: str = "fresco") -> Any:
    """A game's config from string values: ``players`` and any ``OPTION_TYPES`` option."""
    _, config_type, option_types = _game_types(game)
    unknown = sorted(set(values) - {"players", "modules"} - set(option_types))
    if unknown:
        raise ValueError(f"unknown config keys {unknown}")
    options: dict[str, Any] = {
        name: option_types[name](value)
        for name, value in values.items()
        if name not in ("players", "modules")
    }
    if "modules" in values:  # Fresco's GameConfig reads "4,5,6"
        options["modules"] = values["modules"]
    return config_type(players=int(values["players"]), **options)


def config_strings(config: Any, game: str = "fresco") -> dict[str, str]:
    """Every enumerated option of ``config`` (and ``players``) as strings."""
    values = {"players": str(config.players)}
    if getattr(config, "modules", None):
        values["modules"] = ",".join(str(m.value) for m in sorted(config.modules, key=str))
    if game == "carcassonne":  # booleans and ints as the command line spells them
        spell = {True: "on", False: "off"}
        values.update(
            festival=spell[config.festival],
            tiny_city=str(config.tiny_city),
            farmers=spell[config.farmers],
            festival_return=config.festival_return.value,
            first_player_choice=config.first_player_choice.value,
        )
        return values
    values.update({name: getattr(config, name).value for name in _game_types(game)[2]})
    return values


def record(seed: int, values: dict[str, str], game_name: str = "fresco") -> dict[str, Any]:
    """Play one game and return its golden record."""
    game = _game_types(game_name)[0]
    config = make_config(values, game_name)
    actions: dict[str, int] = {}
    legal_sets: dict[tuple[int, ...], int] = {}
    steps: list[tuple[int, int, str, int]] = []

    def on_step(before: Any, action: Any, after: Any) -> None:
        reprs = [repr(a) for a in game.legal_actions(before)]
        if len(set(reprs)) != len(reprs):
            raise RuntimeError(f"step {len(steps)}: legal_actions repeats an action: {reprs}")
        chosen = repr(action)
        ids = tuple(actions.setdefault(r, len(actions)) for r in reprs)
        set_id = legal_sets.setdefault(ids, len(legal_sets))
        steps.append((reprs.index(chosen), len(reprs), chosen, set_id))

    playout = random_playout(game, config, seed, on_step=on_step)
    assert [count for _, count, _, _ in steps] == list(playout.legal_counts)
    return {
        "game": game.name,
        "config": config_strings(config, game_name),
        "seed": seed,
        "policy": "random_playout: uniform choice, policy seed = seed",
        "final_scores": list(game.scores(playout.final)),
        "actions": list(actions),
        "legal_sets": [list(ids) for ids in legal_sets],
        "steps": [list(step) for step in steps],
    }


def dumps(data: dict[str, Any]) -> str:
    """JSON with one list item per line, so diffs show the step that changed."""
    parts = []
    for key, value in data.items():
        if isinstance(value, list) and value and isinstance(value[0], list | str):
            items = ",\n".join("    " + json.dumps(v, ensure_ascii=False) for v in value)
            parts.append(f"  {json.dumps(key)}: [\n{items}\n  ]")
        else:
            parts.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=OUTPUT, help="directory to write")
    args = parser.parse_args(argv)
    output: Path = args.output
    output.mkdir(parents=True, exist_ok=True)
    games = [(name, seed, values, "fresco") for name, seed, values in GAMES]
    games += [(name, seed, values, "barbarossa") for name, seed, values in BARBAROSSA_GAMES]
    games += [(name, seed, values, "carcassonne") for name, seed, values in CARCASSONNE_GAMES]
    for name, seed, values, game_name in games:
        data = record(seed, values, game_name)
        path = output / f"{name}.json"
        path.write_text(dumps(data), encoding="utf-8")
        size = path.stat().st_size
        print(f"{path.name}: {len(data['steps'])} steps, scores {data['final_scores']}, {size} B")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
