"""Hostile in-process engines for ``fresco-rules conform --python``: factories that fail, and
engines whose methods raise or return what the protocol does not allow."""

from __future__ import annotations

from typing import Any

from fresco_rules.conform import EngineError, ReferenceEngine, Refused
from fresco_rules.kernel.fuzz import HostileInt, HostileStr


class Boom(Exception):
    pass


def raises() -> Any:
    raise Boom("\x1b[2Jthe factory failed\r\nconformant: 100 games, 0 steps agree")


def returns_none() -> Any:
    return None


def returns_nothing_like_an_engine() -> Any:
    return 42


def exits() -> Any:
    raise SystemExit(0)


not_callable = 42


class _Breaks(ReferenceEngine):
    """The reference with one method replaced by ``broken``."""

    method = ""

    def broken(self, *args: Any) -> Any:
        raise NotImplementedError

    def __getattribute__(self, name: str) -> Any:
        if name == type(self).method:
            return object.__getattribute__(self, "broken")
        return object.__getattribute__(self, name)


def _engine(method: str, result: Any = None, error: BaseException | None = None) -> Any:
    class Engine(_Breaks):
        def broken(self, *args: Any) -> Any:
            if error is not None:
                raise error
            return result

    Engine.method = method
    return Engine()


def new_game_raises() -> Any:
    return _engine("new_game", error=RecursionError("deep"))


def legal_actions_raises() -> Any:
    return _engine("legal_actions", error=KeyError("x"))


def legal_actions_none() -> Any:
    return _engine("legal_actions", result=None)


def legal_actions_string() -> Any:
    return _engine("legal_actions", result=(0, "up 7:00"))


def unhashable_actions() -> Any:
    return _engine("legal_actions", result=(0, [["up 7:00"], {"a": 1}]))


def hostile_str_actions() -> Any:
    return _engine("legal_actions", result=(0, [HostileStr("up 7:00")]))


def hostile_player() -> Any:
    return _engine("legal_actions", result=(HostileInt(0), ["up 7:00"]))


def apply_raises() -> Any:
    return _engine("apply", error=ValueError("bad"))


def scores_raises() -> Any:
    return _engine("scores", error=ZeroDivisionError())


def scores_wrong_shape() -> Any:
    return _engine("scores", result=([1, "two"], "yes"))


def scores_none() -> Any:
    return _engine("scores", result=None)


def huge_scores() -> Any:
    return _engine("scores", result=([10**5000, 0], False))


def refuses_with_hostile_reason() -> Any:
    return _engine("new_game", error=Refused(HostileStr("no")))


def close_raises() -> Any:
    return _engine("close", error=OSError("cannot close"))


def raises_our_error_with_escapes() -> Any:
    return _engine("legal_actions", error=EngineError("\x1b[2J\r\nconformant: 100 games"))
