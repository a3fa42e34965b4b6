"""Download a URL (only ever called when ``settings.fetch`` is on)."""

from __future__ import annotations

import urllib.error
import urllib.request
from dataclasses import dataclass

from slant import __version__
from slant.errors import FetchError
from slant.ingest.decode import too_large

TIMEOUT_S = 20.0


@dataclass(frozen=True, slots=True)
class Fetched:
    url: str
    data: bytes
    content_type: str


def fetch(url: str, max_bytes: int, *, timeout: float = TIMEOUT_S) -> Fetched:
    """GET ``url`` with a timeout, reading at most ``max_bytes``; failures raise :class:`FetchError`."""
    if not url.lower().startswith(("http://", "https://")):
        raise FetchError(url, "cannot fetch URL: only http and https URLs are fetched")
    request = urllib.request.Request(url, headers={"User-Agent": f"slant/{__version__}"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            length = response.headers.get("Content-Length")
            if length and length.isdigit() and int(length) > max_bytes:
                raise too_large(url, int(length), max_bytes)
            data = response.read(max_bytes + 1)
            if len(data) > max_bytes:
                raise too_large(url, None, max_bytes)
            return Fetched(response.geturl(), data, response.headers.get("Content-Type", "").lower())
    except urllib.error.HTTPError as exc:
        raise FetchError(url, f"cannot fetch URL: HTTP {exc.code} {exc.reason}") from exc
    except urllib.error.URLError as exc:
        reason = exc.reason.strerror if isinstance(exc.reason, OSError) and exc.reason.strerror else exc.reason
        raise FetchError(url, f"cannot fetch URL: {reason}") from exc
    except TimeoutError as exc:
        raise FetchError(url, f"cannot fetch URL: no answer within {timeout:g} s") from exc
    except (OSError, ValueError) as exc:
        raise FetchError(url, f"cannot fetch URL: {exc}") from exc
