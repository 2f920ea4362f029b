"""What the component-data-law and config tests of every game share: the refusal of the shipped
data with one edit, the refusal of a default config with fields set past its converters, and
the check that an enumerated option names its decision when refused."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from enum import Enum
from types import ModuleType
from typing import Any

import pytest

from fresco_rules.kernel.errors import InvalidData

Edit = Callable[[dict[str, Any]], object]
"""A change made in place to the shipped component data, as a mapping."""


def data_refusal(data: ModuleType, edit: Edit) -> str:
    """The message the game's ``data`` module refuses its shipped data with ``edit`` applied
    with ("" if accepted)."""
    raw = copy.deepcopy(data.components_to_mapping(data.default_components()))
    edit(raw)
    try:
        data.components_from_mapping(raw, source="t")
    except InvalidData as refused:
        return str(refused)
    return ""


def config_refusal(
    derive: Callable[[Any], object],
    config_type: Callable[[], object],
    refused_by: type[Exception],
    config: object,
    changes: Mapping[str, Any],
) -> str:
    """The message ``derive`` refuses ``config`` with (when None, the default ``config_type()``
    with ``changes`` set as is, past the converters, as a hostile caller could)."""
    if config is None:
        config = config_type()
        for name, value in changes.items():
            object.__setattr__(config, name, value)
    with pytest.raises(refused_by) as refused:
        derive(config)
    return str(refused.value)


def with_option(config_type: Callable[..., object], option: str, value: Any) -> Any:
    """``config_type`` with the one option ``option`` given as ``value`` (any shape)."""
    return config_type(**{option: value})


def check_option_refused_by_name(
    config_type: Callable[..., object],
    kind: type[Enum],
    refused_by: type[Exception],
    option: str,
    rule: str,
) -> None:
    """An enumerated option given a bad value is refused naming ``rule`` and its values; its
    values are read from any case and as members."""
    values = ", ".join(str(member.value) for member in kind)
    with pytest.raises(refused_by) as refused:
        with_option(config_type, option, "zz-bad")
    assert str(refused.value) == f"{rule}: {option} takes one of: {values}; not 'zz-bad'"
    last = list(kind)[-1]
    assert getattr(with_option(config_type, option, last.value.upper()), option) is last
    assert getattr(with_option(config_type, option, last), option) is last
