"""Security headers on every response, a Host check against DNS rebinding, a cross-site (CSRF) check on
every unsafe request, and a first sieve for hostile addresses: all in :class:`SecurityMiddleware`.

The pages load nothing but their own files (``default-src 'self'``, no inline script or style); a page
from another site cannot read the local API by rebinding a host name to 127.0.0.1, since requests whose
``Host`` is not an allowed name are refused.

Cross-site requests: a request with an unsafe method (anything but GET, HEAD, OPTIONS, TRACE) is refused
with 403 when its ``Sec-Fetch-Site`` header is present and is neither ``same-origin`` nor ``none``, or its
``Origin`` header is present and is ``null`` or not the request's own ``scheme://host[:port]``. A request
with neither header is served on purpose: a browser always sends ``Origin`` with a cross-site POST (and
current ones ``Sec-Fetch-Site`` with every request), so a request without them does not come from a page
on another site but from curl, a script or a test client, which could send any header anyway.

Hostile addresses: a path or query string holding a NUL byte (``%00``; no id, file name or stored text has
one) is a 400, and one longer than :data:`MAX_URL_CHARS` a 414, before any route sees it.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import unquote_to_bytes, urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from slant.web.errors import error_response

#: The Content-Security-Policy of every page.
CSP = (
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
#: Host names a loopback server answers to.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
#: Methods that change nothing, so need no cross-site check.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
#: ``Sec-Fetch-Site`` values of a request the app's own page (or the user, typing the address) made.
SAME_SITE = frozenset({"same-origin", "none"})
#: Longest path, and longest query string, served (in characters); longer ones are a 414.
MAX_URL_CHARS = 8192
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def host_name(host: str) -> str:
    """The name part of a ``Host`` header: ``[::1]:8765`` -> ``::1``, ``localhost:80`` -> ``localhost``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host[1:]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def origin_of(scheme: str, netloc: str) -> tuple[str, str, int | None] | None:
    """``(scheme, host, port)`` of an origin, the default port filled in; None when it is not one."""
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if not parts.hostname or not scheme:
        return None
    return scheme, parts.hostname.lower(), port or DEFAULT_PORTS.get(scheme)


def cross_site(method: str, headers: Headers, scheme: str) -> str | None:
    """Why a request of an unsafe ``method`` looks sent by another site's page; None when it may be served."""
    if method.upper() in SAFE_METHODS:
        return None
    site = headers.get("sec-fetch-site")
    if site is not None and site.strip().lower() not in SAME_SITE:
        return f"Sec-Fetch-Site: {site}"
    origin = headers.get("origin")
    if origin is None:
        return None
    theirs = urlsplit(origin.strip())
    sent = origin_of(theirs.scheme, theirs.netloc)
    if sent is None or sent != origin_of(scheme, headers.get("host", "")):
        return f"Origin: {origin}"
    return None


def hostile_url(scope: Scope) -> tuple[int, str] | None:
    """``(status, message)`` for an address no route should see (a NUL byte, overlong); None for others."""
    path: str = scope.get("path", "")
    query: bytes = scope.get("query_string", b"")
    if len(path) > MAX_URL_CHARS or len(query) > MAX_URL_CHARS:
        return 414, f"the address is too long: paths and query strings are at most {MAX_URL_CHARS:,} characters"
    if "\x00" in path or b"\x00" in unquote_to_bytes(query):
        return 400, "the address holds a NUL character (%00), which no id, path or search can contain; remove it"
    return None


def refusal(scope: Scope) -> tuple[int, str] | None:
    """``(status, message)`` refusing a hostile address or a cross-site unsafe request; None to serve it."""
    refused = hostile_url(scope)
    if refused is not None:
        return refused
    headers = Headers(scope=scope)
    scheme, method = scope.get("scheme", "http"), scope["method"]
    why = cross_site(method, headers, scheme)
    if why is None:
        return None
    own = f"{scheme}://{headers.get('host', '127.0.0.1')}/"
    return 403, (
        f"cross-site {method} refused ({why}): send it from slant's own pages at {own}, "
        "or from a script that sends no Origin header"
    )


class SecurityMiddleware:
    """Adds :data:`HEADERS` (unless a route set its own); refuses requests for hosts not allowed, cross-site
    requests of unsafe methods (403) and hostile addresses (400, 414), the last two as the app's error page
    or JSON error.

    ``allowed_hosts`` of ``None`` allows any host (``--allow-remote``).
    """

    def __init__(self, app: ASGIApp, allowed_hosts: Sequence[str] | None = LOOPBACK_HOSTS) -> None:
        self.app = app
        self.allowed = None if allowed_hosts is None else {h.lower() for h in allowed_hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.allowed is not None:
            name = host_name(Headers(scope=scope).get("host", ""))
            if name not in self.allowed:
                refuse = PlainTextResponse(
                    f"host {name!r} is not served here; open http://127.0.0.1 (the address `slant serve` printed)",
                    status_code=400,
                    headers=HEADERS,
                )
                await refuse(scope, receive, send)
                return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for key, value in HEADERS.items():
                    if key not in headers:
                        headers[key] = value
            await send(message)

        refused = refusal(scope)
        if refused is not None:
            response = error_response(Request(scope), *refused)
            await response(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)
