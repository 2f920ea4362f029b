"""Adapters of the games to the tools of the field: the game-agnostic core (``core``: chance
nodes, integer actions, utilities, tensors), one small description per game (``fresco_spec``,
``barbarossa_spec``) and the registry below. ``fresco_rules.openspiel``,
``fresco_rules.pettingzoo`` and the conformance harness (``fresco_rules.conform``) build on it."""
