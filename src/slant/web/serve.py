"""Run the web app with uvicorn (``slant serve``): loopback only unless remote access is asked for."""

from __future__ import annotations

import ipaddress
import socket
import threading
import webbrowser
from collections.abc import Callable

from slant.config import Settings
from slant.errors import ConfigError
from slant.web.app import create_app
from slant.web.security import LOOPBACK_HOSTS

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and loopback addresses (``127.0.0.0/8``, ``::1``)."""
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def check_host(host: str, allow_remote: bool) -> None:
    """ConfigError unless ``host`` is loopback or ``allow_remote`` is set."""
    if not allow_remote and not is_loopback(host):
        raise ConfigError(
            f"refusing to serve on {host!r}: slant serves on this machine only (127.0.0.1) by default, "
            "since the app has no login; pass --allow-remote to listen on other interfaces anyway"
        )


def address(host: str, port: int) -> str:
    """The URL to open for ``host``:``port``."""
    name = host.strip("[]")
    if name in ("0.0.0.0", "::"):
        name = DEFAULT_HOST
    return f"http://[{name}]:{port}/" if ":" in name else f"http://{name}:{port}/"


def check_port(host: str, port: int) -> None:
    """ConfigError when ``port`` cannot be bound on ``host`` (in use, or not allowed)."""
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host.strip("[]"), port))
        except OSError as exc:
            raise ConfigError(f"cannot listen on {host}:{port} ({exc.strerror or exc}); pass another --port") from None


def serve(
    *,
    db: str | None,
    settings: Settings,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    open_browser: bool = False,
    allow_remote: bool = False,
    on_ready: Callable[[str], None] | None = None,
) -> None:
    """Serve the app until interrupted; ``on_ready`` gets the URL just before serving starts."""
    import uvicorn

    check_host(host, allow_remote)
    check_port(host, port)
    remote = not is_loopback(host)
    app = create_app(db, settings, allowed_hosts=None if remote else (*LOOPBACK_HOSTS, host.strip("[]").lower()))
    link = address(host, port)
    if on_ready is not None:
        on_ready(link)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(link,)).start()
    uvicorn.run(app, host=host.strip("[]"), port=port, log_level="warning", server_header=False)
