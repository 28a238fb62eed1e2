"""Starting the workbench: the packs, the address, the token, uvicorn."""
from __future__ import annotations

import errno
import secrets
import socket
import sys
import threading
import time
from typing import Callable

from ..interpreter.packs.finding import builtin_packs
from .guard import LOCAL, Secrets
from .workspace import Refused, Workspace


def address(host: str, port: int, token: str | None) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def listening_socket(host: str, port: int) -> socket.socket:
    """The socket to serve on, bound now, so that a port in use is said plainly."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # Named TCP, asyncio turns Nagle's delay off on each connection (a board sent as
    # headers then body would otherwise wait ~40 ms for the browser's delayed ACK).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            raise Refused(f"port {port} on {host} is in use (another workbench?): give another with --port") from None
        raise Refused(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    sock.listen(64)
    return sock


def open_when_started(server, url: str, opener: Callable[[str], object], wait: float = 30.0) -> None:
    """Opens the workbench's page once the server answers: a browser (or a $BROWSER
    command) started sooner would wait on a socket no one reads yet."""
    end = time.monotonic() + wait
    while not server.started and not server.should_exit and time.monotonic() < end:
        time.sleep(0.02)
    if not server.started:
        return
    try:
        opened = opener(url)
    except Exception as e:     # webbrowser.Error, or a $BROWSER command that cannot run
        opened, why = False, f" ({e})"
    else:
        why = ""
    if not opened:
        print(f"no web browser could be opened here{why}: open {url} in one", file=sys.stderr, flush=True)


def serve(names: list[str], host: str, port: int, open_browser: bool,
          opener: Callable[[str], object] | None = None) -> None:
    """Serves the packs `names` until Ctrl-C; `open_browser`: show the page with `opener`
    (webbrowser.open: the system's browser, or the command $BROWSER names)."""
    import uvicorn

    from .app import make_app

    workspace = Workspace.of(names or builtin_packs())
    token = None if host in LOCAL else secrets.token_urlsafe(18)
    sock = listening_socket(host, port)
    port = sock.getsockname()[1]
    url = address(host, port, token)
    if token:
        print(f"warning: the workbench listens on {host}, where other machines can reach it; it "
              f"answers only with its token, in this address:", file=sys.stderr)
    print(f"cardtable workbench: {url}  ({len(workspace.packs)} pack{'s' if len(workspace.packs) != 1 else ''}: "
          f"{', '.join(workspace.packs)}; Ctrl-C stops it)", flush=True)
    app = make_app(workspace, Secrets(token), {host})
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2))
    if open_browser:
        import webbrowser
        threading.Thread(target=open_when_started, args=(server, url, opener or webbrowser.open), daemon=True,
                         name="browser").start()
    server.run(sockets=[sock])
