"""Files on disk, read and written so that nothing is lost, half-written or read without end.

Every file a tool writes goes through ``write_atomic``: the text goes to a temporary file in
the same folder, is flushed and fsynced, then replaces the target with ``os.replace`` (a reader
sees the old file or the new one, never a part; a kill or a full disk leaves the old file
whole). An existing file is replaced only when the caller says so (the CLI's ``--force``).

Every file a tool reads from a user goes through ``read_limited``: only regular files (a FIFO,
a device or a directory is refused before anything is read, so ``/dev/zero`` or a pipe cannot
fill memory or block), and at most the bound plus one byte, whatever the file's size claims.

A read-modify-write (``fresco-rules move``) holds ``folder_lock`` on the file's folder for the
whole cycle, so two writers are serialised: the second reads what the first wrote.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import secrets
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from .errors import RulesError

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)

LOCK_TIMEOUT = 30.0
"""Seconds ``folder_lock`` waits for another writer before it gives up (a ``move`` takes
well under a second; a writer that holds the lock longer has hung)."""


class FileRefused(RulesError):
    """A file that cannot be read or written as asked: not a regular file, larger than the
    bound, already there without leave to replace it, unreadable, or locked by another
    writer. The message names the file and says which."""


def read_limited(path: str | os.PathLike[str], limit: int, *, what: str = "file") -> bytes:
    """The bytes of the regular file at ``path``, refused when it holds more than ``limit``.

    Opened without blocking (a FIFO with no writer would block ``open``), checked to be a
    regular file on the opened descriptor (no race with a swap), then read up to ``limit + 1``
    bytes: the size ``stat`` reports is never trusted (it is 0 for ``/dev/zero``).
    """
    name = os.fsdecode(path)
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | _CLOEXEC)
    except OSError as exc:
        raise FileRefused(f"cannot read {what} {name}: {_reason(exc)}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise FileRefused(f"{what} {name} is not a regular file ({_kind(mode)})")
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            try:
                chunk = os.read(fd, min(left, 1 << 20))
            except OSError as exc:
                raise FileRefused(f"cannot read {what} {name}: {_reason(exc)}") from None
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileRefused(f"{what} {name} is larger than {limit} bytes")
    return data


def read_limited_text(path: str | os.PathLike[str], limit: int, *, what: str = "file") -> str:
    """``read_limited`` decoded as UTF-8; a file that is not UTF-8 is refused by name."""
    data = read_limited(path, limit, what=what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        name = os.fsdecode(path)
        raise FileRefused(f"{what} {name} is not UTF-8 (byte {exc.start}: {exc.reason})") from None


def write_atomic(
    path: str | os.PathLike[str], data: str | bytes, *, overwrite: bool, what: str = "file"
) -> None:
    """Write ``data`` to ``path`` whole or not at all.

    Refuses (``FileRefused``) when ``path`` exists and ``overwrite`` is false, or when it is
    not a regular file (a FIFO or a device is never written through). The temporary file is
    in the same folder (``os.replace`` is atomic only within one file system), keeps the
    mode of the file it replaces, and is removed when anything fails.
    """
    target = Path(os.fsdecode(path))
    payload = data.encode("utf-8") if isinstance(data, str) else data
    old_mode: int | None = None
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise FileRefused(f"cannot write {what} {target}: {_reason(exc)}") from None
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"{what} {target} is not a regular file ({_kind(info.st_mode)})")
        if not overwrite:
            raise FileRefused(f"{what} {target} already exists (--force replaces it)")
        old_mode = stat.S_IMODE(info.st_mode)
    folder = target.parent
    temp = folder / f".{target.name}.{secrets.token_hex(6)}.tmp"
    try:
        # 0o666 under the umask, as a plain open() would create it
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o666)
    except OSError as exc:
        raise FileRefused(f"cannot write {what} {target}: {_reason(exc)}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        if old_mode is not None:
            os.chmod(temp, old_mode)
        os.replace(temp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise FileRefused(f"cannot write {what} {target}: {_reason(exc)}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(folder)


@contextlib.contextmanager
def folder_lock(
    path: str | os.PathLike[str], *, timeout: float = LOCK_TIMEOUT, what: str = "file"
) -> Iterator[None]:
    """Hold an exclusive lock for a read-modify-write of the file at ``path``.

    The lock is taken on the file's folder (the file itself is replaced by ``write_atomic``,
    so a lock on its inode would not hold across writers) and leaves nothing behind. Waits at
    most ``timeout`` seconds, then refuses: another writer is still at work.
    """
    target = Path(os.fsdecode(path))
    folder = target.parent
    try:
        fd = os.open(folder, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    except OSError as exc:
        raise FileRefused(f"cannot lock {what} {target}: {_reason(exc)}") from None
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES):
                    raise FileRefused(f"cannot lock {what} {target}: {_reason(exc)}") from None
            if time.monotonic() >= deadline:
                raise FileRefused(
                    f"{what} {target} is being changed by another process "
                    f"(waited {timeout:g} s); try again"
                )
            time.sleep(0.01)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable; a folder that cannot be opened is not an error."""
    try:
        fd = os.open(folder, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__
