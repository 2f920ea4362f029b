"""What the journals of a study, a divergence search and a tournament share: a header line
naming the run, then one line per game carrying the HMAC-SHA256 of its canonical JSON
(``digest``), read back within bounds, and the ``--out`` folder they live in."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO, TypeVar

from ..kernel.files import FileRefused, read_limited, write_atomic
from ..kernel.records import InvalidRecord, parse_record
from ..kernel.study_spec import StudyError

MAX_JOURNAL_BYTES = 1 << 30
"""The largest journal read (a game line is a few hundred bytes: some 3 million games)."""
MAX_LINE_BYTES = 1 << 16
"""The longest journal line (a game's line is a few hundred bytes)."""

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


def canonical(data: object) -> bytes:
    """``data`` as canonical JSON, the bytes a digest is computed over."""
    return json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False
    ).encode("ascii")


def line_digest(key: bytes, data: dict[str, Any]) -> str:
    """The HMAC-SHA256 of ``data``'s canonical JSON under ``key``."""
    return hmac.new(key, canonical(data), hashlib.sha256).hexdigest()


def journal_line(key: bytes, data: dict[str, Any]) -> str:
    """One game's journal line (without its newline): ``data`` with the HMAC-SHA256 of its
    canonical JSON under ``key`` as the field ``digest``."""
    return json.dumps({**data, "digest": line_digest(key, data)})


def digest_matches(key: bytes, line: dict[str, Any]) -> bool:
    """Take ``digest`` out of ``line`` and say whether it is the digest of the rest."""
    digest = line.pop("digest", None)
    return type(digest) is str and hmac.compare_digest(
        digest.encode("utf-8"), line_digest(key, line).encode("ascii")
    )


def parse_line(path: Path, number: int, raw: bytes) -> dict[str, Any]:
    """Line ``number`` of the journal as a JSON object, parsed within the bounds of a record."""
    where = f"{path}: line {number}"
    if len(raw) > MAX_LINE_BYTES:
        raise StudyError(f"{where} is longer than {MAX_LINE_BYTES} bytes")
    try:
        return parse_record(raw.decode("utf-8"))
    except (UnicodeDecodeError, InvalidRecord) as exc:
        raise StudyError(f"{where} is not a journal line ({type(exc).__name__})") from None


def checked_lines(
    path: Path, lines: Sequence[bytes], header: dict[str, Any], key: bytes, *, run: str, kind: str
) -> Iterator[tuple[int, dict[str, Any]]]:
    """The game lines after the header, by number, each without its checked digest; a journal
    whose header is not ``header`` (of another ``run``, or not a ``kind`` journal) is refused."""
    try:
        first = parse_line(path, 1, lines[0]) if lines else None
    except StudyError:
        first = None
    if first != header:
        raise StudyError(
            f"{path} belongs to another {run} (or is not a {kind} journal): use another --out, "
            "or --force to start afresh"
        )
    for number, raw in enumerate(lines[1:], start=2):
        line = parse_line(path, number, raw)
        if not digest_matches(key, line):
            raise StudyError(f"{path}: line {number} fails its digest: edited or corrupted")
        yield number, line


def journal_games(
    path: Path,
    header: dict[str, Any],
    key: bytes,
    parse: Callable[[dict[str, Any]], T],
    *,
    run: str,
    kind: str,
) -> Iterator[tuple[int, T]]:
    """The games of a ``kind`` journal (``checked_lines``), by line number, each read by
    ``parse``. Read to its end, a torn last line (the run was killed while writing it) is
    dropped, by an atomic replace."""
    data = read_limited(path, MAX_JOURNAL_BYTES, what=f"{kind} journal")
    *lines, torn = data.split(b"\n")
    for number, line in checked_lines(path, lines, header, key, run=run, kind=kind):
        try:
            game = parse(line)
        except StudyError as exc:
            raise StudyError(f"{path}: line {number}: {exc}") from None
        yield number, game
    if torn:
        write_atomic(path, data[: len(data) - len(torn)], overwrite=True, what="journal")


def open_journal(
    path: Path, header: Mapping[str, Any], read: Callable[[Path], dict[K, V]], *, what: str
) -> tuple[dict[K, V], TextIO]:
    """The games a journal holds (``read``, when it exists) and the journal opened to append
    to; a new journal starts with ``header``."""
    done: dict[K, V] = {}
    if path.exists() or path.is_symlink():
        done = read(path)
    else:
        text = json.dumps(header, sort_keys=True) + "\n"
        write_atomic(path, text, overwrite=False, what=what)
    return done, path.open("a", encoding="utf-8")


def prepare_out(
    out: Path, *, force: bool, resumes: Callable[[Path], bool], run: str, written: Sequence[str]
) -> bool:
    """Make ``out`` ready for a ``run``: a new or empty folder, or one whose journal ``resumes``
    it; anything else is refused unless ``force``, which removes the ``written`` files there
    (and then says True) and leaves other files alone."""
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise FileRefused(f"{out} is not a folder")
    if not out.exists():
        out.mkdir(parents=True)
        return False
    if not any(out.iterdir()):
        return False
    if not force:
        if resumes(out):
            return False
        raise StudyError(
            f"{out} is not empty and holds no journal of this {run}: use another --out, or "
            f"--force to replace the files a {run} writes there"
        )
    for name in written:
        target = out / name
        if target.is_file() or target.is_symlink():
            target.unlink()
    return True
