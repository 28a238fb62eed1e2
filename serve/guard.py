"""What every request passes before a page: the host it was sent to, the token of a
workbench open to the network, and the CSRF token of a request that changes anything.

A workbench bound to 127.0.0.1 answers only requests addressed to this machine by
name (localhost, 127.0.0.1, [::1]): a web page elsewhere cannot reach it through a
name of its own that leads here (DNS rebinding). One open to the network (--host)
answers only requests that carry its token, printed when it starts.
Pages carry the CSRF token in a header of every request they send (htmx and
workbench.js add it); a POST without it is refused, so another site's form cannot
save a file or start a game.
"""
from __future__ import annotations

import secrets
import time
from http.cookies import SimpleCookie
from urllib.parse import parse_qs

LOCAL = {"127.0.0.1", "localhost", "::1"}
CSRF_HEADER = "x-csrf-token"
TOKEN_COOKIE = "cardtable_token"
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
# Every answer: its scripts are the workbench's own files only, never a script or a handler
# written in a page (were a pack's text ever written into one unescaped, it would not run),
# and no page of another site shows a workbench page in a frame to have it clicked unseen.
HEADERS = [(b"content-security-policy", b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                                        b"img-src 'self' data:; object-src 'none'; base-uri 'none'; "
                                        b"form-action 'self'; frame-ancestors 'none'"),
           (b"x-frame-options", b"DENY"), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"no-referrer")]


class Secrets:
    """The tokens of one running workbench."""

    def __init__(self, token: str | None = None):
        self.csrf = secrets.token_urlsafe(24)
        self.token = token          # None: no token needed (bound to this machine only)


def _host_name(value: str) -> str:
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class Guard:
    """ASGI middleware refusing a request that fails one of the checks above, with a
    plain message and a 4xx status."""

    def __init__(self, app, keys: Secrets, hosts: set[str]):
        self.app, self.keys, self.hosts = app, keys, LOCAL | hosts

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        problem, cookie = self.check(scope, headers)
        if problem is not None:
            status, message = problem
            return await _plain(send, status, message)
        started = time.perf_counter()

        async def sending(message):
            if message["type"] == "http.response.start":
                # How long the page took here (a browser's developer tools show it).
                took = f"app;dur={1000 * (time.perf_counter() - started):.1f}"
                extra = [(b"server-timing", took.encode()), *HEADERS]
                if cookie is not None:
                    extra.append((b"set-cookie", cookie.encode("latin-1")))
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)
        return await self.app(scope, receive, sending)

    def check(self, scope, headers: dict) -> tuple[tuple[int, str] | None, str | None]:
        """(status, message) of a refusal, or None; and a cookie to set, if any."""
        host = _host_name(headers.get("host", ""))
        # Open to the network, the workbench is reached by names it cannot know: the token guards it.
        if host not in self.hosts and self.keys.token is None:
            return (400, f'this workbench answers requests to {", ".join(sorted(self.hosts))}, not to "{host}"'), None
        cookie = None
        if self.keys.token is not None:
            given = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [None])[0]
            jar = SimpleCookie(headers.get("cookie", ""))
            held = jar[TOKEN_COOKIE].value if TOKEN_COOKIE in jar else None
            if given is not None and _same(given, self.keys.token):
                cookie = f"{TOKEN_COOKIE}={self.keys.token}; Path=/; HttpOnly; SameSite=Strict"
            elif held is None or not _same(held, self.keys.token):
                return (401, "this workbench is open to the network and needs its token: open the address "
                             "`cardtable serve` printed when it started (it ends with ?token=...)"), None
        if scope["method"] not in SAFE_METHODS:
            sent = headers.get(CSRF_HEADER, "")
            if not _same(sent, self.keys.csrf):
                return (403, "this request does not carry the workbench's CSRF token: "
                             "send it from a page of the workbench"), None
        return None, cookie


def _same(sent: str, token: str) -> bool:
    """Whether a token sent is the workbench's, in constant time; a text of other letters
    than a token's (`?token=%ff`) is simply not it, where comparing it as a text failed."""
    return secrets.compare_digest(sent.encode("utf-8", "surrogatepass"), token.encode("utf-8"))


async def _plain(send, status: int, message: str) -> None:
    body = (message + "\n").encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()), *HEADERS]})
    await send({"type": "http.response.body", "body": body})
