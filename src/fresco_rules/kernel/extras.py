"""The error for an optional feature whose extra is not installed: one line that names the
extra to install, instead of the bare name of whichever of its packages was imported first."""

from __future__ import annotations


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
