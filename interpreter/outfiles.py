"""Writing an output file safely: game records, charts, the DSL reference.

A regular file, or a path where nothing is yet, is written whole or not at all: the text goes
to a temporary file beside it, which then takes its place. Through a symbolic link it is the
link's target that is replaced, and the link stays. A device or a named pipe is not replaced
(renaming a file over /dev/null would replace the system's /dev/null): it is written through,
as a shell's `>` does, and `-` is standard output. A read-only file is refused, never replaced.

`check_output` refuses a place that cannot be written before any work is done: finding out
after an hour of games, or at the end of a person's game, loses them.
"""
from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

from .infiles import escaped, path_problem, read_by

STDOUT = "-"


class OutputError(Exception):
    """An output that cannot be written; the message names the file and says why."""

    def __init__(self, path, what: str, reason: str):
        place = "standard output" if path == STDOUT else path
        # One line, whatever the names it holds (a name may hold a line break).
        super().__init__(escaped(f"{place}: cannot write {what} there: {reason}"))
        self.path = str(path)
        self.reason = reason


def os_reason(e: OSError, folder: Path | None = None) -> str:
    if e.errno == errno.ENOSPC:
        return "the disk is full"
    if e.errno == errno.EDQUOT:
        return "the disk quota is used up"
    if e.errno == errno.EROFS:
        return "the file system is read-only"
    if e.errno == errno.ELOOP:
        return "the path is a loop of symbolic links"
    if e.errno == errno.ENOTDIR:
        return "a part of the path is a file, not a folder"
    if e.errno in (errno.EACCES, errno.EPERM):
        return f"the folder {folder} may not be written to" if folder is not None else "permission denied"
    if folder is not None:
        return f"no file can be made in the folder {folder} ({e.strerror or e})"
    return str(e.strerror or e)


def _status(path) -> os.stat_result | None:
    """The status of what `path` leads to (through links); None when nothing is there."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


def _exists(path: Path) -> bool:
    """Whether something is at `path`; False too when a part of it is a file."""
    try:
        return _status(path) is not None
    except NotADirectoryError:
        return False


def _target(path) -> Path:
    """The file that is replaced: a link's target, else the path itself."""
    return Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)


def _probe(folder: Path) -> None:
    """Makes and removes a file in `folder`: the one true test that files can be made there
    (root may write anywhere, but not in /proc or on a read-only disk)."""
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".cardtable-probe.")
    os.close(fd)
    os.unlink(tmp)


def _write_through(st: os.stat_result) -> bool:
    return stat.S_ISFIFO(st.st_mode) or stat.S_ISCHR(st.st_mode)


def check_output(path: str, what: str, edit: bool = False) -> None:
    """Raises OutputError unless `path` can take the output `what` (in words: "the game
    records"). Nothing is written. `edit`: the output is a file read to be changed (the
    workbench saving a card file), which may replace what was read."""
    if path == STDOUT:
        if sys.stdout is None:      # the shell closed it (`>&-`)
            raise OutputError(path, what, "it is closed")
        return
    if not path:
        raise OutputError(path, what, "an empty text names no file")
    bad = path_problem(path)
    if bad:
        raise OutputError(path, what, bad)
    try:
        st = _status(path)
    except OSError as e:
        raise OutputError(path, what, os_reason(e)) from None
    if st is None or stat.S_ISREG(st.st_mode):
        if st is not None and _read_only(path, st):
            raise OutputError(path, what, "the file is read-only")
        source = read_by(st) if st is not None and not edit else None
        if source is not None:
            raise OutputError(path, what, f"it is a file this command reads ({source}): give another file")
        if st is not None and _own(st):
            raise OutputError(path, what, "it is one of cardtable's own files, which every command reads: "
                                          "give another file")
        folder = _target(path).parent
        if not folder.is_dir():
            raise OutputError(path, what, f"the folder {folder} does not exist")
        try:
            _probe(folder)
        except OSError as e:
            raise OutputError(path, what, os_reason(e, folder)) from None
    elif stat.S_ISDIR(st.st_mode):
        raise OutputError(path, what, "it is a folder")
    elif not _write_through(st):
        kind = "a disk device" if stat.S_ISBLK(st.st_mode) else "neither a file nor a device"
        raise OutputError(path, what, f"it is {kind}")
    elif not os.access(path, os.W_OK):
        raise OutputError(path, what, "permission denied")


# The files cardtable reads whatever the command (the effect language's grammar, the
# schemas of pack files), perhaps before the command notes what it reads: replaced, every
# command after would fail.
_OWN = (Path(__file__).resolve().parents[1] / "grammar", Path(__file__).resolve().parents[1] / "schemas")


def _own(st: os.stat_result) -> bool:
    for folder in _OWN:
        try:
            files = [f.stat() for f in folder.iterdir() if f.suffix in (".lark", ".json")]
        except OSError:
            continue
        if any((f.st_dev, f.st_ino) == (st.st_dev, st.st_ino) for f in files):
            return True
    return False


def _read_only(path, st: os.stat_result) -> bool:
    # Root may write any file, so the permission bits are what say "read-only".
    return not os.access(path, os.W_OK) or not st.st_mode & 0o222


def check_output_folder(path: str, what: str, names: list[str]) -> None:
    """Raises OutputError unless the files `names` can be written into the folder `path`
    (made when it does not exist)."""
    if not path:
        raise OutputError(path, what, "an empty text names no folder")
    bad = path_problem(path)
    if bad:
        raise OutputError(path, what, bad)
    found = Path(path)
    try:
        while not _exists(found):
            if os.path.islink(found):       # the folder could not be made where it leads
                raise OutputError(path, what, f"{found} is a symbolic link to {os.readlink(found)}, "
                                              "which does not exist")
            found = found.parent
        if not found.is_dir():
            raise OutputError(path, what, f"{found} is a file, not a folder")
        if found == Path(path):
            for name in names:
                check_output(str(found / name), what)
        else:
            _probe(found)
    except OSError as e:
        raise OutputError(path, what, os_reason(e, found)) from None


def write_output(path: str, data: str | bytes, what: str, edit: bool = False) -> None:
    """Writes `data` to `path` as the module's docstring says (`edit`: see check_output);
    raises OutputError."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if path == STDOUT:
        check_output(path, what)
        sys.stdout.flush()
        out = getattr(sys.stdout, "buffer", None)
        if out is None:
            sys.stdout.write(raw.decode("utf-8"))
        else:
            out.write(raw)
        sys.stdout.flush()
        return
    check_output(path, what, edit)
    st = _status(path)
    try:
        if st is not None and _write_through(st):
            _write_all(os.open(path, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0)), raw)
        else:
            _replace(_target(path), raw, st)
    except OSError as e:
        raise OutputError(path, what, os_reason(e)) from None


def _write_all(fd: int, raw: bytes, sync: bool = False) -> None:
    """Writes every byte to `fd` (which it closes), to the disk itself when `sync`."""
    try:
        view = memoryview(raw)
        while view:
            view = view[os.write(fd, view):]
        if sync:
            os.fsync(fd)
    finally:
        os.close(fd)


def _replace(target: Path, raw: bytes, st: os.stat_result | None) -> None:
    """Writes a file beside `target` and moves it into its place: all or nothing."""
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    try:
        try:
            if st is not None:
                # The file keeps its permissions, and its owner when root replaces it.
                os.fchmod(fd, stat.S_IMODE(st.st_mode))
                if hasattr(os, "geteuid") and os.geteuid() == 0:
                    os.fchown(fd, st.st_uid, st.st_gid)
            else:
                # mkstemp makes a file only its owner may read; give it the usual permissions.
                mask = os.umask(0)
                os.umask(mask)
                os.fchmod(fd, 0o666 & ~mask)
        except BaseException:
            os.close(fd)
            raise
        _write_all(fd, raw, sync=True)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class Lines:
    """A file written a line at a time as a run goes (`--out`), so that what is done is
    there when the run stops. A regular file is written in its place (through a link,
    its target), from the start, or after its last whole line when `resume` (a line
    cut off when a run was killed is dropped); a named pipe or a device is written
    through; `-` is standard output. Each line is written whole, with one write."""

    def __init__(self, path: str, what: str, resume: bool = False):
        check_output(path, what)
        self.path, self.what = path, what
        self.fd, self.owned = None, False
        if path == STDOUT:
            return
        st = _status(path)
        through = st is not None and _write_through(st)
        flags = os.O_WRONLY | getattr(os, "O_CLOEXEC", 0)
        if not through:
            flags |= os.O_CREAT | (0 if resume else os.O_TRUNC)
        try:
            self.fd, self.owned = os.open(path, flags, 0o666), True
            if resume and not through:
                os.lseek(self.fd, whole_lines(path), os.SEEK_SET)
                os.ftruncate(self.fd, os.lseek(self.fd, 0, os.SEEK_CUR))
        except OSError as e:
            raise OutputError(path, what, os_reason(e)) from None

    def write(self, line: str) -> None:
        raw = (line + "\n").encode("utf-8")
        if self.path == STDOUT:
            write_output(STDOUT, raw, self.what)
            return
        try:
            view = memoryview(raw)
            while view:
                view = view[os.write(self.fd, view):]
        except OSError as e:
            raise OutputError(self.path, self.what, os_reason(e)) from None

    def close(self) -> None:
        if self.owned and self.fd is not None:
            os.close(self.fd)
        self.fd = None


def whole_lines(path, block: int = 1 << 16) -> int:
    """The length of a file up to the end of its last whole line (read from its end)."""
    with open(path, "rb") as f:
        end = f.seek(0, os.SEEK_END)
        while end > 0:
            start = max(0, end - block)
            f.seek(start)
            found = f.read(end - start).rfind(b"\n")
            if found >= 0:
                return start + found + 1
            end = start
    return 0
