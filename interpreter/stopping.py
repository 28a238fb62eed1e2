"""A command stopped from outside: SIGTERM raised as an exception where the command is,
as Ctrl-C raises KeyboardInterrupt, so that both stop it the same way (its worker
processes ended, a game's record saved) with the shell's exit codes."""
from __future__ import annotations

INTERRUPTED = 130       # the shell's codes for a command stopped by Ctrl-C (SIGINT) and by SIGTERM
TERMINATED = 143


class Terminated(BaseException):
    """SIGTERM arrived: raised where the command is, so that it stops as after Ctrl-C,
    cleaning up (its worker processes, a file half-written) on the way out."""


def terminate(signum, frame):
    """The handler of SIGTERM while a command runs."""
    raise Terminated
