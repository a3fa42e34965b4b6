"""Security headers on every response, and a Host check against DNS rebinding.

The pages load nothing but their own files (``default-src 'self'``, no inline script or style); a page
from another site cannot read the local API by rebinding a host name to 127.0.0.1, since requests whose
``Host`` is not an allowed name are refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

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


def host_name(host: str) -> str:
    """The name part of a ``Host`` header: ``[::1]:8765`` -> ``::1``, ``localhost:80`` -> ``localhost``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host[1:]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class SecurityMiddleware:
    """Adds :data:`HEADERS` (unless a route set its own) and refuses requests for hosts not allowed.

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

        await self.app(scope, receive, send_with_headers)
