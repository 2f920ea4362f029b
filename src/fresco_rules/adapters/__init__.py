"""Adapters of the games to the tools of the field: the game-agnostic core (``core``: chance
nodes, integer actions, utilities, tensors) on the ``GameSpec`` each game's folder describes
itself with (its ``adapter_spec`` module), and the registry of those specs (``games``).
``fresco_rules.openspiel``, ``fresco_rules.pettingzoo`` and the conformance harness
(``fresco_rules.conform``) build on it."""
