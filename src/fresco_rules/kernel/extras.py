"""The error for an optional feature whose extra is not installed: one line that names the
extra to install, instead of the bare name of whichever of its packages was imported first."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from importlib import import_module
from types import ModuleType

from .errors import RulesError


class MissingExtra(ModuleNotFoundError):
    """A module of an optional extra (``fresco_rules[openspiel]``, ``[pettingzoo]``, ...) is
    not installed; ``name`` is the missing module, ``extra`` the extra that brings it."""

    feature: str
    """What needs the extra (``"fresco_rules.openspiel"``)."""
    extra: str
    """The extra to install (``"openspiel"``): ``pip install 'fresco_rules[openspiel]'``."""

    def __init__(self, feature: str, extra: str, missing: str | None) -> None:
        self.feature = feature
        self.extra = extra
        super().__init__(
            f"{feature} needs the {extra!r} extra ({missing or 'a module'} is not installed): "
            f"pip install 'fresco_rules[{extra}]'",
            name=missing,
        )


def import_for_command(
    modules: Sequence[str],
    *,
    command: str,
    extra: str,
    provides: Collection[str],
    error: type[RulesError],
) -> list[ModuleType]:
    """Import ``modules`` for a command that needs an extra: when one of the extra's packages
    (``provides``) is missing, ``error`` says in one line which extra to install. Any other
    import error is a bug and propagates."""
    try:
        return [import_module(name) for name in modules]
    except ImportError as exc:
        if exc.name is None or exc.name.split(".")[0] not in provides:
            raise
        raise error(
            f"{command} needs the {extra} extra ({exc.name} is missing): "
            f"pip install 'fresco_rules[{extra}]'"
        ) from None
