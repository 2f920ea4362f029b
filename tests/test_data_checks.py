"""The data checks every game's data laws share (``kernel.data_checks``): one helper, the same
messages in every game."""

from __future__ import annotations

from fresco_rules.kernel.data_checks import DataProblems


def test_each_check_writes_its_message_at_its_path() -> None:
    ids = {"A"}
    checks = DataProblems(provenances=("rulebook",), ids=ids, max_rows=2, quote=repr)
    checks.check(True, "$.fine", "not written")
    checks.check(False, "$.bad", "a message")
    checks.provenance("rulebook", "$.known")
    checks.provenance("rumour", "$.rows[0]")
    checks.count(0, "$.zero")
    checks.count(-1, "$.count")
    assert checks.bounded((1, 2), "$.two")
    assert not checks.bounded((1, 2, 3), "$.three")
    checks.unique("B", "$.b")
    checks.unique("A", "$.a")
    assert checks.found == [
        "a message @ $.bad",
        "unknown provenance 'rumour' @ $.rows[0].provenance",
        "must not be negative @ $.count",
        "3 rows, more than 2 @ $.three",
        "duplicate id 'A' @ $.a",
    ]
    assert ids == {"A", "B"}


def test_a_provenance_is_described_by_default() -> None:
    checks = DataProblems(provenances=())
    checks.provenance("x" * 500, "$")
    assert len(checks.found[0]) < 300  # the bounded description, not the whole value
