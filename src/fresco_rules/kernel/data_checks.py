"""The checks every game's data laws share: a problem is written ``message @ path`` (the path
into the data file, ``$.tiles[3].value``) and every problem of a file is reported at once."""

from __future__ import annotations

from collections.abc import Callable, Collection

from .untrusted import describe


class DataProblems:
    """The problems found so far in one data file, with the checks that add to them.

    ``provenances`` are the sources a row may cite, ``ids`` collects the IDs in use (shared by
    the checks of several tables), ``max_rows`` bounds a table, and ``quote`` writes a bad
    value into a message."""

    def __init__(
        self,
        *,
        provenances: Collection[str] = (),
        ids: set[str] | None = None,
        max_rows: int = 0,
        quote: Callable[[object], str] = describe,
    ) -> None:
        self.found: list[str] = []
        self.provenances = provenances
        self.ids: set[str] = set() if ids is None else ids
        self.max_rows = max_rows
        self.quote = quote

    def check(self, ok: bool, where: str, message: str) -> None:
        """Add ``message`` at ``where`` unless ``ok``."""
        if not ok:
            self.found.append(f"{message} @ {where}")

    def provenance(self, value: str, where: str) -> None:
        """The row at ``where`` cites a known source."""
        self.check(
            value in self.provenances,
            f"{where}.provenance",
            f"unknown provenance {self.quote(value)}",
        )

    def count(self, value: int, where: str) -> None:
        """A count is not negative."""
        self.check(value >= 0, where, "must not be negative")

    def bounded(self, rows: tuple[object, ...], where: str) -> bool:
        """A table has at most ``max_rows`` rows (the checks of its rows run only then)."""
        fits = len(rows) <= self.max_rows
        self.check(fits, where, f"{len(rows)} rows, more than {self.max_rows}")
        return fits

    def unique(self, value: str, where: str) -> None:
        """An ID is not in use yet; it is from now on."""
        self.check(value not in self.ids, where, f"duplicate id {value!r}")
        self.ids.add(value)
