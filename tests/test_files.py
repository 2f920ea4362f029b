"""kernel.files: atomic writes that replace a file only with leave, bounded reads of regular
files only, and the folder lock of a read-modify-write (the CLI's uses: test_cli_files.py)."""

from __future__ import annotations

import os
import select
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from fresco_rules.kernel.errors import RulesError
from fresco_rules.kernel.files import (
    FileRefused,
    folder_lock,
    read_limited,
    read_limited_text,
    write_atomic,
)
from fresco_rules.kernel.fuzz import time_limit

WORKER = Path(__file__).with_name("cli_files_worker.py")
TIMEOUT = 30


def _left(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_write_atomic_creates_and_replaces_only_with_leave(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    write_atomic(target, "first\n", overwrite=False)
    assert target.read_text(encoding="utf-8") == "first\n"
    target.chmod(0o600)
    with pytest.raises(FileRefused, match=r"game\.json already exists \(--force replaces it\)"):
        write_atomic(target, "second\n", overwrite=False, what="record")
    assert target.read_text(encoding="utf-8") == "first\n"
    write_atomic(target, b"second\n", overwrite=True)
    assert target.read_bytes() == b"second\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600  # the replaced file's mode is kept
    assert _left(tmp_path) == ["game.json"]
    assert issubclass(FileRefused, RulesError)


def test_write_atomic_never_writes_through_a_special_file(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for target, kind in (
        (pipe, "a pipe"),
        (tmp_path, "a directory"),
        (Path("/dev/null"), "a device"),
    ):
        with time_limit(5), pytest.raises(FileRefused, match=f"not a regular file \\({kind}\\)"):
            write_atomic(target, "text", overwrite=True)
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    with pytest.raises(FileRefused, match="cannot write"):
        write_atomic(tmp_path / "no-such-folder" / "game.json", "text", overwrite=False)


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.json"
    target.write_text("old\n", encoding="utf-8")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(FileRefused, match=r"cannot write record .*game\.json: No space left"):
        write_atomic(target, "new\n", overwrite=True, what="record")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert _left(tmp_path) == ["game.json"]


def test_read_limited_reads_a_regular_file_up_to_its_bound(tmp_path: Path) -> None:
    path = tmp_path / "data.toml"
    path.write_bytes(b"x" * 100)
    assert read_limited(path, 100) == b"x" * 100
    with pytest.raises(FileRefused, match=r"data\.toml is larger than 99 bytes"):
        read_limited(path, 99)
    path.write_bytes("café".encode())
    assert read_limited_text(path, 100) == "café"
    path.write_bytes(b"caf\xe9")
    with pytest.raises(FileRefused, match=r"is not UTF-8 \(byte 3"):
        read_limited_text(path, 100, what="record")
    with pytest.raises(FileRefused, match=r"cannot read record .*missing: No such file"):
        read_limited(tmp_path / "missing", 100, what="record")


def test_read_limited_refuses_special_files_before_reading(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)  # no writer: a blocking open or read would wait for ever
    for path, kind in (
        (pipe, "a pipe"),
        (Path("/dev/zero"), "a device"),
        (tmp_path, "a directory"),
    ):
        with time_limit(5), pytest.raises(FileRefused, match=f"not a regular file \\({kind}\\)"):
            read_limited(path, 1 << 40)  # a bound that would not stop /dev/zero


def test_folder_lock_waits_for_another_process_then_refuses(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    holder = subprocess.Popen(
        [sys.executable, str(WORKER), "lock", str(target)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdin is not None and holder.stdout is not None
    try:
        ready, _, _ = select.select([holder.stdout], [], [], TIMEOUT)
        assert ready and holder.stdout.readline() == "locked\n"
        refused = pytest.raises(FileRefused, match="being changed by another process")
        with time_limit(10), refused, folder_lock(target, timeout=0.2, what="record"):
            pytest.fail("two holders of one lock")
    finally:
        holder.stdin.close()  # the holder lets go
        holder.wait(timeout=TIMEOUT)
    with time_limit(10), folder_lock(target, timeout=5):
        pass
    assert _left(tmp_path) == []  # the lock leaves nothing behind
