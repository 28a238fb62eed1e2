"""Starting the workbench: the packs, the address, the token, uvicorn."""
from __future__ import annotations

import errno
import secrets
import socket
import sys

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


def serve(names: list[str], host: str, port: int, open_browser: bool) -> None:
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
    if open_browser:
        import webbrowser
        webbrowser.open(url)
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2)
    uvicorn.Server(config).run(sockets=[sock])
