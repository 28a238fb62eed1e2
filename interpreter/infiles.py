"""Reading a file that a user or a pack names: only a regular file, never past a size limit.

A name can lead to a device (/dev/zero never ends), a named pipe (opening one waits for a
writer for ever), a folder or a loop of symbolic links. The file's type is checked before it
is opened, it is opened without waiting, checked again once open, and read no further than
its limit, so no input hangs a run or fills the memory. Every message says what is wrong
with the file and nothing of what it holds.
"""
from __future__ import annotations

import codecs
import errno
import os
import stat
from contextlib import contextmanager
from pathlib import Path

MB = 1024 * 1024
# Files a designer writes: pack files, card files, scenario files, deck lists.
TEXT_LIMIT = 10 * MB
# Data made by programs: card data (MTGJSON's AtomicCards.json is over 100 MB) and game records.
DATA_LIMIT = 256 * MB
# The longest name of a file or folder most file systems take.
NAME_MAX = 255


def escaped(text: str) -> str:
    """The text with its control characters and others that do not print escaped (a line
    break as \\n): a name said in a message stays on its line and cannot drive the terminal."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    # A byte that was not UTF-8, as Python keeps it (\udcff), is said as the byte it was: \xff.
    if "\udc80" <= ch <= "\udcff":
        return f"\\x{ord(ch) - 0xDC00:02x}"
    return ch.encode("unicode_escape").decode("ascii")


# While a command runs: the files it has read, by identity (device, inode) -> the name
# it read them by, so that an output that would replace one is refused (outfiles.py).
_NOTED: list = []


@contextmanager
def noting_reads():
    """Files read meanwhile are noted (see read_by)."""
    noted = {}
    _NOTED.append(noted)
    try:
        yield noted
    finally:
        _NOTED.remove(noted)


def read_by(st: os.stat_result) -> str | None:
    """The name the command running read the file of this status by, if it read it."""
    return _NOTED[-1].get((st.st_dev, st.st_ino)) if _NOTED else None


def _note(path, st: os.stat_result) -> None:
    if _NOTED and stat.S_ISREG(st.st_mode):
        _NOTED[-1].setdefault((st.st_dev, st.st_ino), str(path))


class FileProblem(Exception):
    """A file that cannot be read; `message` says why in a designer's words."""

    def __init__(self, path, message: str, missing: bool = False, at: tuple | None = None):
        super().__init__(f"{path}: {message}")
        self.path = str(path)
        self.message = message
        self.missing = missing      # nothing is there: callers may suggest a name
        self.at = at                # (line, column) of what is wrong in the file, when it is a place

    def place(self) -> str:
        """The file, and where in it when known: "games.jsonl:2:6"."""
        return self.path if self.at is None else f"{self.path}:{self.at[0]}:{self.at[1]}"


def _kind(mode: int) -> str | None:
    """What a file that is not a regular file is, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "this is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "this is a named pipe (FIFO), not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "this is a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "this is a socket, not a regular file"
    return "this is not a regular file"


def path_problem(path) -> str | None:
    """What makes a path unusable before the file system is asked: a NUL character, or a
    name longer than file systems take. None when the path is well formed."""
    text = os.fspath(path)
    if "\0" in text:
        return "the path holds a NUL character"
    for part in text.replace("\\", "/").split("/"):
        if len(os.fsencode(part)) > NAME_MAX:
            return f"a name in the path is longer than {NAME_MAX} characters"
    return None


def os_problem(e: OSError) -> tuple[str, bool]:
    """An error of the file system in a designer's words, and whether nothing is there."""
    if e.errno == errno.ENOENT:
        return "no such file", True
    if e.errno == errno.ENOTDIR:
        return "a part of the path is a file, not a folder", True
    if e.errno == errno.ELOOP:
        return "the path is a loop of symbolic links", False
    if e.errno == errno.ENAMETOOLONG:
        return "the path is too long", False
    if e.errno in (errno.EACCES, errno.EPERM):
        return "cannot read the file (permission denied)", False
    return f"cannot read the file ({e.strerror or e})", False


def too_large(size: int | None, limit: int) -> str:
    said = f"{limit / MB:g} MB"
    if size is None:
        return f"the file is too large (more than {said})"
    return f"the file is too large ({size / MB:.1f} MB; the limit is {said})"


def check_file(path, limit: int | None = None, note: bool = True) -> os.stat_result:
    """The file's status, when `path` names a regular file (through symbolic links) of at
    most `limit` bytes; raises FileProblem otherwise. A file checked is read next (by
    read_file, or by a card format's reader): it is noted as an input, unless not `note`."""
    bad = path_problem(path)
    if bad:
        raise FileProblem(path, bad)
    try:
        st = os.stat(path)
    except OSError as e:
        raise FileProblem(path, *os_problem(e)) from None
    kind = _kind(st.st_mode)
    if kind:
        raise FileProblem(path, kind)
    if limit is not None and st.st_size > limit:
        raise FileProblem(path, too_large(st.st_size, limit))
    if note:
        _note(path, st)
    return st


def read_file(path, limit: int = TEXT_LIMIT, note: bool = True) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; raises FileProblem. `note`:
    the file is an input of the command running (noting_reads), not its own output read back."""
    check_file(path, limit, note)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise FileProblem(path, *os_problem(e)) from None
    try:
        # The name may lead elsewhere since it was checked: check what was opened.
        opened = os.fstat(fd)
        kind = _kind(opened.st_mode)
        if kind:
            raise FileProblem(path, kind)
        if note:
            _note(path, opened)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, MB))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise FileProblem(path, *os_problem(e)) from None
    finally:
        os.close(fd)
    if size > limit:
        # The size a file system gives can be wrong (files of /proc say 0).
        raise FileProblem(path, too_large(None, limit))
    return b"".join(chunks)


def undecodable(raw: bytes, e: UnicodeDecodeError) -> tuple[int, int, str]:
    """Where the bytes of a file stop being UTF-8 text (its line and column, counted in
    the characters before) and the byte there, as a message shows it ("0xed")."""
    before = raw[:e.start]
    line_start = before.rfind(b"\n") + 1
    col = len(before[line_start:].decode("utf-8", "replace")) + 1
    return before.count(b"\n") + 1, col, f"0x{raw[e.start]:02x}"


def read_text(path, limit: int = TEXT_LIMIT, note: bool = True) -> str:
    """The text of a regular file of at most `limit` bytes of UTF-8; raises FileProblem,
    placed (`at`) where the bytes stop being UTF-8."""
    raw = read_file(path, limit, note)
    # Some editors begin a UTF-8 file they save with a byte-order mark: it is no part of the text.
    raw = raw.removeprefix(codecs.BOM_UTF8)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line, col, byte = undecodable(raw, e)
        raise FileProblem(path, f"not UTF-8 text (the byte {byte} here)", at=(line, col)) from None
